import type { TimeslotFormValues } from '@slotwise/shared/timeslot-schemas';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { BulkSlotsForm } from './bulk-slots-form';
import { SingleSlotForm } from './single-slot-form';

type Mode = 'single' | 'several';

const MODES: { value: Mode; label: string }[] = [
  { value: 'single', label: 'Single slot' },
  { value: 'several', label: 'Several slots' },
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
  const [mode, setMode] = useState<Mode>('single');
  const name = useId();
  return (
    <Modal open onClose={onClose} title="Create Time Slot" size="lg">
      <fieldset className="mb-5">
        <legend className="sr-only">What to create</legend>
        <div className="inline-flex rounded-lg border border-slate-300 p-1">
          {MODES.map((option) => (
            <label
              key={option.value}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
                mode === option.value
                  ? 'bg-indigo-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={mode === option.value}
                onChange={() => setMode(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'single' ? (
        <SingleSlotForm onDone={onClose} initial={initial} />
      ) : (
        <BulkSlotsForm onDone={onClose} />
      )}
    </Modal>
  );
}
