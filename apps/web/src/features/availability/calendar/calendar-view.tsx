import { addDays, timeOf, secondsOf } from '@slotwise/shared/dates';
import type { TimeslotFormValues } from '@slotwise/shared/availability-slot-schemas';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { LoadFailed } from '../../../components/load-failed';
import { useLocalToday } from '../../../lib/use-local-today';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useTimeslotWindow, type WindowSlot } from '../api/get-timeslot-window';
import { useBusyBlocks } from '../../calendar-sync/api/get-busy-blocks';
import { useProfile } from '../../accounts/api/get-profile';
import { useActingProvider } from '../../../lib/acting-provider';
import { busyQueryRange, busySegments } from './busy-segments';
import { CreateSlotModal } from '../components/create-slot-modal';
import { DeleteSlotDialog } from '../components/delete-slot-dialog';
import { UpdateSlotModal } from '../components/update-slot-modal';
import { formatDateRange } from '../../../lib/date-time-format';
import { dayHeading } from '../slot-week';
import { SlotActionsDialog } from './slot-actions-dialog';
import { WeekCalendar } from './week-calendar';
import { visibleDays } from './week-layout';

const NO_SLOTS: readonly WindowSlot[] = [];

/** Phones (≤ 640 px wide) get one day at a time (decision 046). */
export const PHONE_QUERY = '(max-width: 640px)';

const navButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';

/**
 * The week calendar screen part: the window's toolbar (previous/next, today, a date jump), the
 * grid of the visible days (a single day on phones) fetched for those days only, and the SPEC
 * modals it opens.
 */
export function CalendarView() {
  const { t } = useTranslation();
  const today = useLocalToday();
  const phone = useMediaQuery(PHONE_QUERY, false);
  const mode = phone ? 'day' : 'week';
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => visibleDays(anchor, mode), [anchor, mode]);
  const from = days[0]!;
  const to = days.at(-1)!;
  const slotsQuery = useTimeslotWindow(from, to);
  // The provider's own busy time (docs/product.md §18.2), on their zone's clock; not shown when
  // an owner looks at a staff member's week (their calendars are their own).
  const acting = useActingProvider();
  const zone = useProfile().data?.timezone;
  const range = useMemo(() => busyQueryRange(days), [days]);
  const busyQuery = useBusyBlocks(range.from, range.to, acting === null);
  const busy = useMemo(
    () => (busyQuery.data ? busySegments(busyQuery.data, days, zone) : []),
    [busyQuery.data, days, zone],
  );
  const jumpId = useId();

  const [creating, setCreating] = useState<TimeslotFormValues | null>(null);
  const [chosen, setChosen] = useState<WindowSlot | null>(null);
  const [editing, setEditing] = useState<WindowSlot | null>(null);
  const [deleting, setDeleting] = useState<WindowSlot | null>(null);

  const step = mode === 'week' ? 7 : 1;
  const title = mode === 'week' ? formatDateRange(from, to) : dayHeading(from, today);

  const onCreate = (day: string, startTime: string) => {
    const end = Math.min(secondsOf(startTime) + 30 * 60, 23 * 3600 + 59 * 60);
    setCreating({ day, startTime, endTime: timeOf(end).slice(0, 5) });
  };

  return (
    <section aria-labelledby="calendar-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-title" aria-live="polite" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={navButton}
            onClick={() => setAnchor(addDays(anchor, -step))}
            aria-label={mode === 'week' ? t('Previous week') : t('Previous day')}
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ‹
            </span>{' '}
            {t('Previous')}
          </button>
          <button type="button" className={navButton} onClick={() => setAnchor(today)}>
            {t('Today')}
          </button>
          <button
            type="button"
            className={navButton}
            onClick={() => setAnchor(addDays(anchor, step))}
            aria-label={mode === 'week' ? t('Next week') : t('Next day')}
          >
            {t('Next')}{' '}
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ›
            </span>
          </button>
          <label htmlFor={jumpId} className="text-sm font-medium text-slate-700">
            {t('Go to date')}
          </label>
          <input
            id={jumpId}
            type="date"
            value={anchor}
            onChange={(event) => {
              if (event.target.value) setAnchor(event.target.value);
            }}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
        </div>
      </div>

      {slotsQuery.isError ? (
        <LoadFailed onRetry={() => void slotsQuery.refetch()}>
          {t('Failed to load time slots: {{message}}', { message: slotsQuery.error.message })}
        </LoadFailed>
      ) : (
        <div className="relative">
          {/* The status lies over the empty grid rather than above it: when the slots come,
              the grid stays where it was drawn. Above it, its line went with the status and
              the whole grid moved up (a layout shift, and every tile of it rastered again in
              the frame that shows the week: decision 060). */}
          {slotsQuery.isPending ? (
            <p
              role="status"
              className="absolute inset-x-0 top-12 z-20 mx-auto w-fit rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-600"
            >
              {t('Loading time slots...')}
            </p>
          ) : null}
          {/* The empty grid stands while the first week loads, as the previous week's does
              when paging: the slots then only add their blocks to the cells drawn. */}
          <WeekCalendar
            days={days}
            slots={slotsQuery.data ?? NO_SLOTS}
            loading={slotsQuery.isPending}
            today={today}
            label={title}
            onCreate={onCreate}
            onOpen={setChosen}
            busy={acting === null ? busy : undefined}
          />
        </div>
      )}

      {creating ? <CreateSlotModal initial={creating} onClose={() => setCreating(null)} /> : null}
      {chosen ? (
        <SlotActionsDialog
          // The window's current copy: a seat canceled in the dialog shows at once.
          slot={slotsQuery.data?.find((slot) => slot.id === chosen.id) ?? chosen}
          onClose={() => setChosen(null)}
          onUpdate={(slot) => {
            setChosen(null);
            setEditing(slot);
          }}
          onDelete={(slot) => {
            setChosen(null);
            setDeleting(slot);
          }}
        />
      ) : null}
      {editing ? <UpdateSlotModal slot={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteSlotDialog slot={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
