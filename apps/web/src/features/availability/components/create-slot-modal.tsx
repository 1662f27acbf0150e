import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { TimeslotFormValues } from '@slotwise/shared/availability-slot-schemas';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { BulkSlotsForm } from './bulk-slots-form';
import { SingleSlotForm } from './single-slot-form';
import { SegmentedControl } from '../../../components/segmented-control';

type Mode = 'single' | 'several';

const MODES: { value: Mode; label: string }[] = [
  { value: 'single', label: msg('Single slot') },
  { value: 'several', label: msg('Several slots') },
];

/**
 * docs/product.md §2 Create Time Slot modal, with a switch to publish a run of slots at once. `initial`
 * prefills the single slot (the week calendar passes the day and time that was clicked).
 */
export function CreateSlotModal({
  onClose,
  initial,
}: {
  onClose: () => void;
  initial?: TimeslotFormValues;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('single');
  return (
    <Modal open onClose={onClose} title={t('Create Time Slot')} size="lg">
      <SegmentedControl
        legend={t('What to create')}
        options={MODES.map((option) => ({ ...option, label: t(option.label) }))}
        value={mode}
        onChange={setMode}
        className="mb-5"
      />
      {mode === 'single' ? (
        <SingleSlotForm onDone={onClose} initial={initial} />
      ) : (
        <BulkSlotsForm onDone={onClose} />
      )}
    </Modal>
  );
}
