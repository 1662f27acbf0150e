import { secondsOf, timeOf } from '@slotwise/shared/dates';
import type { Translate } from '@slotwise/shared/english-text';
import { useTranslation } from '../../../lib/i18n';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDate, formatTime, formatTimeRange } from '../../../lib/date-time-format';
import { formatDay } from '../slot-format';
import { seatsLeftText } from '@slotwise/shared/appointments-series-schemas';
import { clientName, isClass, slotLabel } from './slot-label';
import { endSeconds, layoutWeek, nextTarget, slotKey } from './week-layout';
import { markWeekLayout, measureWeek, weekTimingId } from './week-timing';
import { STATUS_BLOCK_STYLES, slotStatus } from '../../../lib/status-style';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import type { BusySegment } from './busy-segments';

/** Height of one hour row in rem (the blocks are sized from it). */
const HOUR_REM = 4;

const KEYS: Record<string, 'up' | 'down' | 'left' | 'right' | 'home' | 'end'> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'home',
  End: 'end',
};

/** 'Mon, Jun 10' (the shared day format, docs/product.md §14.5). */
const dayHeader = (day: string) => formatDate(day);

/** '09:00': an hour row's label. */
const hourLabel = (hour: number) => formatTime(`${String(hour).padStart(2, '0')}:00`);

interface WeekCalendarProps {
  /** The visible days, `YYYY-MM-DD` (seven, or one in the day view). */
  days: string[];
  slots: readonly WindowSlot[];
  /** The first data of these days is still loading: the empty grid is drawn, inert and busy. */
  loading?: boolean;
  today: string;
  /** An accessible name for the grid (the week's range, or the day). */
  label: string;
  onCreate: (day: string, startTime: string) => void;
  onOpen: (slot: WindowSlot) => void;
  /** Busy time from the provider's calendars, greyed under the slots (docs/product.md §18.2). */
  busy?: readonly BusySegment[];
}

const NO_BUSY: readonly BusySegment[] = [];

/**
 * The provider's week as an ARIA grid (docs/decisions/046-week-calendar-component.md): days as
 * columns, hours as rows, slots as blocks placed in the hour they start. One element of the grid
 * takes Tab (roving tabindex); the arrow keys walk free times and blocks, Home/End jump to the
 * top and bottom of a day, Enter opens (create on a free time, update/delete on a block).
 */
export function WeekCalendar({
  days,
  slots,
  loading = false,
  today,
  label,
  onCreate,
  onOpen,
  busy = NO_BUSY,
}: WeekCalendarProps) {
  // The render of a new week is timed from its layout to the commit and to its first painted
  // frame (performance marks; the bench's week scenario reads them in Chromium, decision 060).
  const layout = useMemo(() => {
    markWeekLayout();
    return layoutWeek(days, slots);
  }, [days, slots]);
  const slotsByKey = useMemo(
    () => new Map(slots.map((slot) => [slotKey(slot), slot] as const)),
    [slots],
  );
  const cellsByKey = useMemo(
    () => new Map(layout.cells.flat().map((cell) => [cell.key, cell] as const)),
    [layout],
  );
  // Each visible day formatted once (every free cell and block names its day).
  const dayLabels = useMemo(
    () => new Map(layout.days.map((day) => [day, formatDay(day)] as const)),
    [layout],
  );
  // Busy pieces in the hour cell they start in, cut to the hours shown.
  const busyByCell = useMemo(() => {
    const map = new Map<string, BusySegment[]>();
    const first = (layout.hours[0] ?? 0) * 3600;
    const last = ((layout.hours.at(-1) ?? 23) + 1) * 3600;
    for (const segment of busy) {
      const start = Math.max(segment.start, first);
      const end = Math.min(segment.end, last);
      if (end <= start) continue;
      const key = `${segment.day}:${Math.floor(start / 3600)}`;
      map.set(key, [...(map.get(key) ?? []), { ...segment, start, end }]);
    }
    return map;
  }, [busy, layout]);
  // A free slot inside busy time is not offered to clients: its block says in which calendar.
  const busyOfSlot = useMemo(() => {
    const map = new Map<string, string>();
    if (busy.length === 0) return map;
    for (const slot of slots) {
      if (slot.is_booked) continue;
      const start = secondsOf(slot.start_time);
      const end = endSeconds(slot.end_time);
      const hit = busy.find((b) => b.day === slot.day && b.start < end && b.end > start);
      if (hit) map.set(slot.id, hit.calendarName);
    }
    return map;
  }, [busy, slots]);
  const grid = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const helpId = useId();
  const { t } = useTranslation();

  const allTargets = layout.columns.flat();
  const todayColumn = layout.days.indexOf(today);
  const fallback =
    (todayColumn >= 0 ? layout.columns[todayColumn]![0] : undefined) ?? allTargets[0] ?? null;
  const current = active && allTargets.includes(active) ? active : fallback;

  // The week's first block carries its Element Timing identifier (the paint measure's end).
  const firstBlock = layout.cells.flat().find((cell) => cell.starting.length > 0)?.starting[0];
  useLayoutEffect(() => {
    const drawn = layout.cells.reduce(
      (sum, row) => sum + row.reduce((n, cell) => n + cell.starting.length, 0),
      0,
    );
    return measureWeek({ from: layout.days[0], days: layout.days.length, slots: drawn });
  }, [layout]);

  // The grid's targets are found by their data-target when needed, and its clicks handled
  // here once, rather than a ref and handlers per cell and block (less work per week shown).
  const targetOf = (key: string) =>
    grid.current?.querySelector<HTMLElement>(`[data-target="${CSS.escape(key)}"]`) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-target]');
    const key = target?.dataset.target;
    if (!key) return;
    const direction = KEYS[event.key];
    if (direction) {
      event.preventDefault();
      const next = nextTarget(layout, slotsByKey, key, direction);
      if (next) {
        setActive(next);
        targetOf(next)?.focus();
      }
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && key.startsWith('cell:')) {
      event.preventDefault();
      if (loading) return;
      const cell = cellsByKey.get(key);
      if (cell?.freeStart) onCreate(cell.day, cell.freeStart);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-target]');
    const key = target?.dataset.target;
    if (!target || !key || loading) return;
    const slot = slotsByKey.get(key);
    if (slot) {
      setActive(key);
      onOpen(slot);
      return;
    }
    const cell = cellsByKey.get(key);
    if (!cell?.freeStart) return;
    // The quarter clicked, if free; else the cell's first free time.
    const box = target.getBoundingClientRect();
    const quarter = box.height > 0 ? Math.floor(((event.clientY - box.top) / box.height) * 4) : 0;
    const wanted = `${String(cell.hour).padStart(2, '0')}:${String(Math.max(0, quarter) * 15).padStart(2, '0')}`;
    setActive(key);
    onCreate(cell.day, cell.freeQuarters.includes(wanted) ? wanted : cell.freeStart);
  };

  return (
    <div className="overflow-x-auto">
      <p id={helpId} className="sr-only">
        {t(
          'Arrow keys move between free times and slots; Enter creates a slot at a free time or opens a slot.',
        )}
      </p>
      <div
        role="grid"
        aria-label={label}
        aria-describedby={helpId}
        aria-busy={loading || undefined}
        aria-rowcount={layout.hours.length + 1}
        aria-colcount={layout.days.length + 1}
        ref={grid}
        onKeyDown={onKeyDown}
        onClick={onClick}
        className="grid min-w-full rounded-lg border border-slate-200 bg-white"
        style={{
          gridTemplateColumns: `3.5rem repeat(${layout.days.length}, minmax(${
            layout.days.length > 1 ? '6.5rem' : '0'
          }, 1fr))`,
        }}
      >
        <div role="row" aria-rowindex={1} className="col-span-full grid grid-cols-subgrid">
          <div role="columnheader" aria-colindex={1} className="p-2 text-xs text-slate-500">
            <span className="sr-only">{t('Time')}</span>
          </div>
          {layout.days.map((day, index) => (
            <div
              key={day}
              role="columnheader"
              aria-colindex={index + 2}
              aria-current={day === today ? 'date' : undefined}
              className={`border-s border-slate-200 p-2 text-center text-sm font-semibold ${
                day === today ? 'bg-indigo-50 text-indigo-800' : 'text-slate-800'
              }`}
            >
              <time dateTime={day}>{dayHeader(day)}</time>
              {day === today ? (
                <span className="ms-1 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs text-white">
                  {t('Today')}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        {layout.cells.map((row, rowIndex) => (
          <div
            key={layout.hours[rowIndex]}
            role="row"
            aria-rowindex={rowIndex + 2}
            className="col-span-full grid grid-cols-subgrid"
          >
            <div
              role="rowheader"
              aria-colindex={1}
              className="border-t border-slate-200 px-2 pt-1 text-right text-xs text-slate-600"
              style={{ height: `${HOUR_REM}rem` }}
            >
              {hourLabel(layout.hours[rowIndex]!)}
            </div>
            {row.map((cell, dayIndex) => {
              const free = cell.freeStart !== null;
              return (
                <div
                  key={cell.key}
                  role="gridcell"
                  aria-colindex={dayIndex + 2}
                  data-target={free ? cell.key : undefined}
                  tabIndex={free ? (current === cell.key ? 0 : -1) : undefined}
                  aria-label={
                    free
                      ? t('Free, {{day}}, from {{time}}', {
                          day: dayLabels.get(cell.day),
                          time: cell.freeStart,
                        })
                      : undefined
                  }
                  className={`relative border-s border-t border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-600 ${
                    cell.day === today ? 'bg-indigo-50/40' : ''
                  } ${free ? 'cursor-pointer hover:bg-slate-50' : ''}`}
                >
                  {busyByCell.get(`${cell.day}:${cell.hour}`)?.map((segment) => (
                    <BusyBlockView key={segment.key} segment={segment} t={t} />
                  ))}
                  {cell.starting.map((slot) => (
                    <SlotBlock
                      key={slot.id}
                      slot={slot}
                      t={t}
                      dayLabel={dayLabels.get(slot.day)!}
                      busyIn={busyOfSlot.get(slot.id)}
                      tabbable={current === slotKey(slot)}
                      timingId={slot === firstBlock ? weekTimingId(layout.days[0]!) : undefined}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

interface SlotBlockProps {
  slot: WindowSlot;
  /** The screen's `t`, passed down (a week holds many blocks). */
  t: Translate;
  /** The slot's day, formatted. */
  dayLabel: string;
  tabbable: boolean;
  /** The calendar whose busy time covers this free slot (not offered to clients), if any. */
  busyIn: string | undefined;
  /** Element Timing's identifier, on the week's first block only. */
  timingId: string | undefined;
}

/** The stripes of a free slot inside busy time (over its status colour). */
const BUSY_STRIPES =
  'repeating-linear-gradient(135deg, rgb(100 116 139 / 0.22) 0 6px, transparent 6px 12px)';

function SlotBlock({ slot, t, dayLabel, busyIn, tabbable, timingId }: SlotBlockProps) {
  const start = secondsOf(slot.start_time);
  const minutes = Math.max(15, (endSeconds(slot.end_time) - start) / 60);
  const offset = (start % 3600) / 60;
  const name = clientName(slot);
  // One text node, a line each (`whitespace-pre`, the first line bold, each line cut with an
  // ellipsis): a block is one element, not four, which halves what a week has to style and lay
  // out (the week's paint is measured, decision 060).
  const lines = [
    formatTimeRange(slot.start_time, slot.end_time),
    // Who and what on the second line (docs/product.md §14.3; a 30-minute block shows two): a
    // booked block names its client, a free one says so (the colour tells them apart too).
    // A class says its seats instead ('3 of 12 left', docs/decisions/067-seats-and-series.md).
    `${isClass(slot) ? seatsLeftText(slot, t) : slot.is_booked ? name || t('Booked', {}) : t('Available', {})} · ${slot.type}`,
    ...(busyIn ? [`${t(CALENDAR_SYNC_TEXTS.busy, {})} · ${busyIn}`] : []),
  ];
  return (
    <button
      type="button"
      data-target={slotKey(slot)}
      {...(timingId ? ({ elementtiming: timingId } as Record<string, string>) : {})}
      tabIndex={tabbable ? 0 : -1}
      aria-label={
        busyIn
          ? `${slotLabel(slot, t, dayLabel)}, ${CALENDAR_SYNC_TEXTS.busySlotLabel(busyIn)}`
          : slotLabel(slot, t, dayLabel)
      }
      title={lines.join('\n')}
      className={`absolute inset-x-1 z-10 overflow-hidden rounded-md border px-1.5 py-px text-start text-xs leading-[13px] text-ellipsis whitespace-pre shadow-sm first-line:font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-1 ${
        STATUS_BLOCK_STYLES[slotStatus(slot)]
      }`}
      style={{
        top: `${(offset / 60) * HOUR_REM}rem`,
        height: `calc(${(minutes / 60) * HOUR_REM}rem - 2px)`,
        ...(busyIn ? { backgroundImage: BUSY_STRIPES } : {}),
      }}
    >
      {lines.join('\n')}
    </button>
  );
}

/**
 * A piece of busy time from a connected calendar: greyed, under the slots (which stay
 * clickable over it), with the calendar's name; clicks go through to the cell.
 */
function BusyBlockView({ segment, t }: { segment: BusySegment; t: Translate }) {
  const offset = (segment.start % 3600) / 60;
  const minutes = Math.max(15, (segment.end - segment.start) / 60);
  const range = formatTimeRange(timeOf(segment.start), timeOf(segment.end % (24 * 3600)));
  return (
    <div
      data-busy=""
      title={CALENDAR_SYNC_TEXTS.busyLabel(segment.calendarName, range)}
      className="pointer-events-none absolute inset-x-0 z-[5] overflow-hidden border-y border-slate-300 bg-slate-200/80 px-1.5 py-px text-xs leading-[13px] text-ellipsis whitespace-nowrap text-slate-700"
      style={{
        top: `${(offset / 60) * HOUR_REM}rem`,
        height: `${(minutes / 60) * HOUR_REM}rem`,
      }}
    >
      {`${t(CALENDAR_SYNC_TEXTS.busy, {})} · ${segment.calendarName}`}
    </div>
  );
}
