import { useTranslation } from '../../lib/i18n';
import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import { useState } from 'react';
import { CalendarView } from './calendar/calendar-view';
import { ScheduleButtons, ViewSwitch } from './components/schedule-controls';
import { useTimeslotsView } from './use-timeslots-view';
import { CreateSlotModal } from './components/create-slot-modal';
import { DeleteSlotDialog } from './components/delete-slot-dialog';
import { SlotWeekList } from './components/slot-week-list';
import { UpdateSlotModal } from './components/update-slot-modal';
import { PageSection } from '../../components/page-section';

/**
 * docs/product.md §2 Time Slots Management (/dashboard/timeslots), arranged as §14.3: the week
 * calendar first, SPEC's list (`?view=list`, by day, a week a page) one toggle away.
 */
export function TimeslotsPage() {
  const { t } = useTranslation();
  const [view, setView] = useTimeslotsView();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Timeslot | null>(null);
  const [deleting, setDeleting] = useState<Timeslot | null>(null);

  return (
    <PageSection
      titleId="timeslots-title"
      title={t('Time Slots')}
      width="max-w-5xl"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ScheduleButtons />
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
          >
            {t('+ Create Slot')}
          </button>
        </div>
      }
    >
      <ViewSwitch view={view} onChange={setView} />

      <div className="mt-4">
        {view === 'week' ? (
          <CalendarView />
        ) : (
          <SlotWeekList
            onUpdate={(slot) => setEditing(slot)}
            onDelete={(slot) => setDeleting(slot)}
          />
        )}
      </div>

      {creating ? <CreateSlotModal onClose={() => setCreating(false)} /> : null}
      {editing ? <UpdateSlotModal slot={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteSlotDialog slot={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageSection>
  );
}
