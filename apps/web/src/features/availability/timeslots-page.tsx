import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import { useState } from 'react';
import { useTimeslots } from './api/get-timeslots';
import { CalendarView } from './calendar/calendar-view';
import { ScheduleButtons, ViewSwitch } from './components/schedule-controls';
import { useTimeslotsView } from './use-timeslots-view';
import { CreateSlotModal } from './components/create-slot-modal';
import { DeleteSlotDialog } from './components/delete-slot-dialog';
import { formatDay, formatTimeRange, slotPrice, sortSlots } from './slot-format';
import { UpdateSlotModal } from './components/update-slot-modal';
import { LoadFailed } from '../../components/load-failed';
import { PageSection } from '../../components/page-section';

/** docs/product.md §2 Time Slots Management (/dashboard/timeslots). */
export function TimeslotsPage() {
  const [includePast, setIncludePast] = useState(false);
  const [view, setView] = useTimeslotsView();
  const slots = useTimeslots({ includePast, enabled: view === 'list' });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Timeslot | null>(null);
  const [deleting, setDeleting] = useState<Timeslot | null>(null);

  return (
    <PageSection
      titleId="timeslots-title"
      title="Time Slots"
      width="max-w-5xl"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ScheduleButtons />
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
          >
            + Create Slot
          </button>
        </div>
      }
    >
      <ViewSwitch view={view} onChange={setView} />

      {view === 'week' ? (
        <div className="mt-6">
          <CalendarView />
        </div>
      ) : (
        <>
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <input
              id="timeslots-include-past"
              type="checkbox"
              checked={includePast}
              onChange={(event) => setIncludePast(event.target.checked)}
            />
            <label htmlFor="timeslots-include-past">Show past slots</label>
          </div>

          <div className="mt-6">
            <SlotList
              query={slots}
              onUpdate={(slot) => setEditing(slot)}
              onDelete={(slot) => setDeleting(slot)}
            />
          </div>
        </>
      )}

      {creating ? <CreateSlotModal onClose={() => setCreating(false)} /> : null}
      {editing ? <UpdateSlotModal slot={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteSlotDialog slot={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageSection>
  );
}

interface SlotListProps {
  query: ReturnType<typeof useTimeslots>;
  onUpdate: (slot: Timeslot) => void;
  onDelete: (slot: Timeslot) => void;
}

function SlotList({ query, onUpdate, onDelete }: SlotListProps) {
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading time slots...
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed onRetry={() => void query.refetch()}>
        Failed to load time slots: {query.error.message}
      </LoadFailed>
    );
  }
  if (query.data.length === 0) {
    return <p className="text-slate-600">No time slots available.</p>;
  }
  return (
    <ul aria-label="Your time slots" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sortSlots(query.data).map((slot) => (
        <li key={slot.id}>
          <SlotCard slot={slot} onUpdate={onUpdate} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}

/** A slot card's two actions, both off while the slot is booked. */
const SLOT_ACTION_TONES = {
  update:
    'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  delete:
    'rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50',
} as const;

interface SlotCardProps {
  slot: Timeslot;
  onUpdate: (slot: Timeslot) => void;
  onDelete: (slot: Timeslot) => void;
}

function SlotCard({ slot, onUpdate, onDelete }: SlotCardProps) {
  const titleId = `slot-${slot.id}-title`;
  const when = `${formatDay(slot.day)}, ${formatTimeRange(slot)}`;
  const bookedNoteId = `slot-${slot.id}-booked`;
  // The slot's service is its title (type = the service's name); its current price below.
  const price = slotPrice(slot);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {slot.type}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            slot.is_booked ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800'
          }`}
        >
          {slot.is_booked ? 'Booked' : 'Available'}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <time dateTime={slot.day}>{formatDay(slot.day)}</time>
      </p>
      <p className="text-sm text-slate-700">{formatTimeRange(slot)}</p>
      {price ? (
        <p className="mt-1 text-sm font-medium text-slate-900">
          <span className="sr-only">Price: </span>
          {price}
        </p>
      ) : null}
      {slot.is_booked ? (
        <p id={bookedNoteId} className="mt-2 text-xs text-slate-500">
          Booked slots cannot be changed. Cancel the appointment first.
        </p>
      ) : null}
      <div className="mt-auto flex gap-2 pt-4">
        {[
          { label: 'Update', tone: SLOT_ACTION_TONES.update, act: onUpdate },
          { label: 'Delete', tone: SLOT_ACTION_TONES.delete, act: onDelete },
        ].map((action) => (
          <button
            key={action.label}
            type="button"
            onClick={() => action.act(slot)}
            disabled={slot.is_booked}
            aria-label={`${action.label} ${slot.type} slot, ${when}`}
            aria-describedby={slot.is_booked ? bookedNoteId : undefined}
            className={action.tone}
          >
            {action.label}
          </button>
        ))}
      </div>
    </article>
  );
}
