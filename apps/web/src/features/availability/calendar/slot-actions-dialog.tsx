import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
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
          <button
            type="button"
            onClick={() => onUpdate(slot)}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Update
          </button>
          <button
            type="button"
            onClick={() => onDelete(slot)}
            className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Delete
          </button>
        </div>
      )}
    </Modal>
  );
}
