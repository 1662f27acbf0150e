import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange } from '../slot-format';
import { clientName } from './slot-label';

interface SlotActionsDialogProps {
  slot: WindowSlot;
  onClose: () => void;
  onUpdate: (slot: WindowSlot) => void;
  onDelete: (slot: WindowSlot) => void;
}

/**
 * What a block of the week calendar opens: the slot, and the SPEC Update and Delete actions
 * (a booked slot cannot be changed: it points to the appointments instead).
 */
export function SlotActionsDialog({ slot, onClose, onUpdate, onDelete }: SlotActionsDialogProps) {
  const name = clientName(slot);
  return (
    <Modal open onClose={onClose} title={slot.is_booked ? 'Booked slot' : 'Time slot'}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">When</dt>
        <dd className="text-slate-900">
          {formatDay(slot.day)}, {formatTimeRange(slot)}
        </dd>
        <dt className="font-medium text-slate-600">Service</dt>
        <dd className="text-slate-900">{slot.type}</dd>
        <dt className="font-medium text-slate-600">Status</dt>
        <dd className="text-slate-900">{slot.is_booked ? 'Booked' : 'Available'}</dd>
        {slot.is_booked && name ? (
          <>
            <dt className="font-medium text-slate-600">Client</dt>
            <dd className="text-slate-900">{name}</dd>
          </>
        ) : null}
      </dl>
      {slot.is_booked ? (
        <p className="mt-4 text-sm text-slate-600">
          Booked slots cannot be changed. Cancel the appointment first:{' '}
          <Link to="/dashboard/appointments" className="font-medium text-indigo-700 underline">
            go to Appointments
          </Link>
          .
        </p>
      ) : (
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <PlainButton onClick={() => onUpdate(slot)}>Update</PlainButton>
          <PlainButton look="danger" onClick={() => onDelete(slot)}>
            Delete
          </PlainButton>
        </div>
      )}
    </Modal>
  );
}
