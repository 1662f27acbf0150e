import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { seatsLeftText } from '@slotwise/shared/appointments-series-schemas';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { addDays } from '../../../lib/date-time-format';
import { useLocalToday } from '../../../lib/use-local-today';
import { useTimeslotWindow, type WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange, slotPrice } from '../slot-format';
import { bookedBy, dayHeading, groupByDay, weekDays, weekTitle } from '../slot-week';
import { STATUS_BADGE_STYLES, slotStatus } from '../../../lib/status-style';
import { SlotActionsDialog } from '../calendar/slot-actions-dialog';
import { isClass } from '../calendar/slot-label';

/** `?week=YYYY-MM-DD`: any day of the week the list shows (this week without it). */
export const WEEK_PARAM = 'week';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const navButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';

interface SlotWeekListProps {
  onUpdate: (slot: WindowSlot) => void;
  onDelete: (slot: WindowSlot) => void;
}

/** A card's actions: SPEC's two, and a class's attendee list (docs/decisions/067-seats-and-series.md). */
interface SlotCardActions extends SlotWeekListProps {
  onAttendees: (slot: WindowSlot) => void;
}

/**
 * SPEC's list of Time Slots one week at a time (docs/product.md §14.3): a heading per day, a
 * compact card per slot titled by its type with 'Booked' or 'Available' and, when booked, who
 * and what ('Ana Lopez · Haircut'); previous/next week in the URL (`?week=`).
 */
export function SlotWeekList({ onUpdate, onDelete }: SlotWeekListProps) {
  const { t } = useTranslation();
  const today = useLocalToday();
  const [params, setParams] = useSearchParams();
  const asked = params.get(WEEK_PARAM);
  const days = weekDays(asked && DAY_PATTERN.test(asked) ? asked : today);
  const title = weekTitle(days);
  const query = useTimeslotWindow(days[0]!, days.at(-1)!);
  // The class whose attendees are open (its current copy is read from the week's slots).
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = openId ? query.data?.find((slot) => slot.id === openId) : undefined;

  const goTo = (day: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(WEEK_PARAM, day);
        return copy;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="slot-week-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="slot-week-title"
          aria-live="polite"
          className="text-lg font-semibold text-slate-900"
        >
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={navButton}
            onClick={() => goTo(addDays(days[0]!, -7))}
            aria-label={t('Previous week')}
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ‹
            </span>{' '}
            {t('Previous')}
          </button>
          <button type="button" className={navButton} onClick={() => goTo(today)}>
            {t('This week')}
          </button>
          <button
            type="button"
            className={navButton}
            onClick={() => goTo(addDays(days[0]!, 7))}
            aria-label={t('Next week')}
          >
            {t('Next')}{' '}
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ›
            </span>
          </button>
        </div>
      </div>
      <WeekSlots
        query={query}
        today={today}
        onUpdate={onUpdate}
        onDelete={onDelete}
        onAttendees={(slot) => setOpenId(slot.id)}
      />
      {opened ? (
        <SlotActionsDialog
          slot={opened}
          onClose={() => setOpenId(null)}
          onUpdate={(slot) => {
            setOpenId(null);
            onUpdate(slot);
          }}
          onDelete={(slot) => {
            setOpenId(null);
            onDelete(slot);
          }}
        />
      ) : null}
    </section>
  );
}

function WeekSlots({
  query,
  today,
  onUpdate,
  onDelete,
  onAttendees,
}: SlotCardActions & { query: ReturnType<typeof useTimeslotWindow>; today: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('Loading time slots...')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed onRetry={() => void query.refetch()}>
        {t('Failed to load time slots: {{message}}', { message: query.error.message })}
      </LoadFailed>
    );
  }
  if (query.data.length === 0) {
    return <p className="text-slate-600">{t('No time slots available.')}</p>;
  }
  return (
    <div className="space-y-5">
      {groupByDay(query.data).map(({ day, slots }) => (
        <section key={day} aria-labelledby={`slot-day-${day}`}>
          <h3
            id={`slot-day-${day}`}
            className="mb-2 text-sm font-semibold tracking-wide text-slate-700"
          >
            <time dateTime={day}>{dayHeading(day, today)}</time>
          </h3>
          <ul aria-labelledby={`slot-day-${day}`} className="grid grid-cols-1 gap-2 lg:grid-cols-2">
            {slots.map((slot) => (
              <li key={slot.id}>
                <SlotCard
                  slot={slot}
                  onUpdate={onUpdate}
                  onDelete={onDelete}
                  onAttendees={onAttendees}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A slot card's two actions, both off while the slot is booked. */
const SLOT_ACTIONS = [
  { label: msg('Update'), name: msg('Update {{type}} slot, {{when}}'), tone: 'update' },
  { label: msg('Delete'), name: msg('Delete {{type}} slot, {{when}}'), tone: 'delete' },
] as const;

const SLOT_ACTION_TONES = {
  update:
    'rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  delete:
    'rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50',
} as const;

function SlotCard({
  slot,
  onUpdate,
  onDelete,
  onAttendees,
}: SlotCardActions & { slot: WindowSlot }) {
  const { t } = useTranslation();
  const titleId = `slot-${slot.id}-title`;
  const times = formatTimeRange(slot);
  const when = `${formatDay(slot.day)}, ${times}`;
  const bookedNoteId = `slot-${slot.id}-booked`;
  const seated = isClass(slot);
  const who = seated ? null : bookedBy(slot);
  const seats = seatsLeftText(slot, t);
  const price = slotPrice(slot);
  return (
    <article
      aria-labelledby={titleId}
      className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 shadow-sm"
    >
      {/* Two lines: the times and the type (its title); the state, price and who booked. */}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{times}</p>
          <h4 id={titleId} className="truncate text-sm font-medium text-slate-900">
            {slot.type}
          </h4>
        </div>
        <div className="mt-0.5 flex min-w-0 items-center gap-2">
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
              STATUS_BADGE_STYLES[slotStatus(slot)]
            }`}
          >
            {slot.is_booked ? t('Booked') : t('Available')}
          </span>
          {seats ? <span className="shrink-0 text-sm text-slate-700">{seats}</span> : null}
          {price ? (
            <span className="shrink-0 text-sm text-slate-700">
              <span className="sr-only">{t('Price:')} </span>
              {price}
            </span>
          ) : null}
          {who ? <span className="truncate text-sm text-slate-700">{who}</span> : null}
        </div>
        {slot.is_booked ? (
          <p id={bookedNoteId} className="sr-only">
            {t('Booked slots cannot be changed. Cancel the appointment first.')}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {seated ? (
          <button
            type="button"
            onClick={() => onAttendees(slot)}
            aria-label={t('Attendees of {{type}} class, {{when}}', { type: slot.type, when })}
            className={SLOT_ACTION_TONES.update}
          >
            {t('Attendees')}
          </button>
        ) : null}
        {SLOT_ACTIONS.map((action) => ({
          ...action,
          act: action.label === SLOT_ACTIONS[0].label ? onUpdate : onDelete,
        })).map((action) => (
          <button
            key={action.label}
            type="button"
            onClick={() => action.act(slot)}
            disabled={slot.is_booked}
            aria-label={t(action.name, { type: slot.type, when })}
            aria-describedby={slot.is_booked ? bookedNoteId : undefined}
            className={SLOT_ACTION_TONES[action.tone]}
          >
            {t(action.label)}
          </button>
        ))}
      </div>
    </article>
  );
}
