/**
 * The performance measures of a week's render (target: the week on screen within 100 ms;
 * the bench's week scenario reads them in Chromium, docs/decisions/060-week-paint.md). Each runs
 * from the mark set when a week's layout is computed:
 * - `calendar-week-render`: to React's commit;
 * - `calendar-week-paint`: to the frame that shows the week's blocks. Where Element Timing is
 *   supported, that is the first block's `renderTime` (when its frame was painted); elsewhere, and
 *   for a week without blocks, the `calendar-week-idle` end below;
 * - `calendar-week-idle`: to the first task after that frame (a task queued from the frame's
 *   animation callback), which also counts whatever else the page queued meanwhile.
 */
export const WEEK_RENDER_START = 'calendar-week-render-start';
export const WEEK_RENDER_MEASURE = 'calendar-week-render';
export const WEEK_PAINT_MEASURE = 'calendar-week-paint';
export const WEEK_IDLE_MEASURE = 'calendar-week-idle';

export interface WeekTimingDetail {
  /** The week's first day. */
  from: string | undefined;
  days: number;
  /** Blocks drawn in these days (0 while the previous week's data stands in). */
  slots: number;
}

/** The `elementtiming` identifier of a week's first block. */
export const weekTimingId = (from: string) => `calendar-week:${from}`;

/** Element Timing's entry (not in TypeScript's DOM library yet). */
interface ElementTimingEntry extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  loadTime: number;
}

/** Weeks committed and waiting for their first block's paint, by identifier. */
const awaitingPaint = new Map<string, { start: number; detail: WeekTimingDetail }>();
let observer: PerformanceObserver | null | undefined;

function measure(name: string, start: number, end: number, detail: WeekTimingDetail) {
  try {
    performance.measure(name, { start, end, detail });
  } catch {
    // A browser without User Timing Level 3 simply records nothing.
  }
}

/** Observes Element Timing once per page; false where the browser has none. */
function observeElementTiming(): boolean {
  if (observer !== undefined) return observer !== null;
  observer = null;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('element')
  ) {
    return false;
  }
  const watcher = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as ElementTimingEntry[]) {
      const week = awaitingPaint.get(entry.identifier);
      if (!week) continue;
      awaitingPaint.delete(entry.identifier);
      measure(WEEK_PAINT_MEASURE, week.start, entry.renderTime || entry.loadTime, week.detail);
    }
  });
  watcher.observe({ type: 'element', buffered: true });
  observer = watcher;
  return true;
}

/** Marks the start: a week's layout is being computed. */
export function markWeekLayout() {
  if (typeof performance.mark === 'function') performance.mark(WEEK_RENDER_START);
}

/**
 * Called in the layout effect of a committed week: measures the render now and the paint when it
 * comes. The returned cleanup cancels the frame wait (a re-render before the paint measures from
 * its own mark instead).
 */
export function measureWeek(detail: WeekTimingDetail): () => void {
  if (
    typeof performance.measure !== 'function' ||
    typeof performance.getEntriesByName !== 'function'
  ) {
    return () => {};
  }
  const start = performance.getEntriesByName(WEEK_RENDER_START, 'mark').at(-1)?.startTime;
  if (start === undefined) return () => {};
  measure(WEEK_RENDER_MEASURE, start, performance.now(), detail);
  const byElement = detail.slots > 0 && detail.from !== undefined && observeElementTiming();
  if (byElement) awaitingPaint.set(weekTimingId(detail.from!), { start, detail });
  if (typeof requestAnimationFrame !== 'function') return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      const end = performance.now();
      measure(WEEK_IDLE_MEASURE, start, end, detail);
      if (!byElement) measure(WEEK_PAINT_MEASURE, start, end, detail);
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
