import { seatsLeftText } from '@slotwise/shared/appointments-series-schemas';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange } from '../slot-format';
import { ClassAttendees, ConfirmClassCancel, type ClassCancel } from './class-attendees';
import { clientName, isClass } from './slot-label';

interface SlotActionsDialogProps {
  slot: WindowSlot;
  onClose: () => void;
  onUpdate: (slot: WindowSlot) => void;
  onDelete: (slot: WindowSlot) => void;
}

/**
 * What a block of the week calendar opens: the slot, and the SPEC Update and Delete actions
 * (a booked slot cannot be changed: it points to the appointments instead). A class
 * (docs/decisions/067-seats-and-series.md) shows its seats left and its attendees, each
 * cancellable, and 'Cancel class'; a confirmation takes the dialog's place and gives it back.
 */
export function SlotActionsDialog({ slot, onClose, onUpdate, onDelete }: SlotActionsDialogProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<ClassCancel | null>(null);
  if (confirming) {
    return <ConfirmClassCancel slot={slot} what={confirming} onClose={() => setConfirming(null)} />;
  }
  const name = clientName(slot);
  const seated = isClass(slot);
  // A class with seats booked is not deleted: its attendees are canceled first.
  const attended = (slot.attendees?.length ?? 0) > 0;
  const title = seated ? t('Class') : slot.is_booked ? t('Booked slot') : t('Time slot');
  return (
    <Modal open onClose={onClose} title={title}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">{t('When')}</dt>
        <dd className="text-slate-900">
          {formatDay(slot.day)}, {formatTimeRange(slot)}
        </dd>
        <dt className="font-medium text-slate-600">{t('Service')}</dt>
        <dd className="text-slate-900">{slot.type}</dd>
        <dt className="font-medium text-slate-600">{seated ? t('Seats') : t('Status')}</dt>
        <dd className="text-slate-900">
          {seated ? seatsLeftText(slot, t) : slot.is_booked ? t('Booked') : t('Available')}
        </dd>
        {!seated && slot.is_booked && name ? (
          <>
            <dt className="font-medium text-slate-600">{t('Client')}</dt>
            <dd className="text-slate-900">{name}</dd>
          </>
        ) : null}
      </dl>
      {seated ? <ClassAttendees slot={slot} onCancel={setConfirming} /> : null}
      {slot.is_booked ? (
        <p className="mt-4 text-sm text-slate-600">
          {t('Booked slots cannot be changed. Cancel the appointment first:')}{' '}
          <Link to="/dashboard/appointments" className="font-medium text-indigo-700 underline">
            {t('go to Appointments')}
          </Link>
          .
        </p>
      ) : (
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <PlainButton onClick={() => onUpdate(slot)}>{t('Update')}</PlainButton>
          {attended ? null : (
            <PlainButton look="danger" onClick={() => onDelete(slot)}>
              {t('Delete')}
            </PlainButton>
          )}
        </div>
      )}
    </Modal>
  );
}
