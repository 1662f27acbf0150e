import { type Browser, chromium } from 'playwright-core';
import { DATASET } from '../dataset';
import { providerId, providerUserId } from '../ids';
import { mintToken } from '../tokens';
import { CHROMIUM, CHROMIUM_ARGS } from './pages';

/**
 * The week calendar's render in Chromium (target ≤ 100 ms for the 2,000-slot provider): the
 * provider's /dashboard/timeslots?view=week at 1280 × 800, signed in by storing a minted token
 * as the web app keeps it, then "Next week" several times; all of it over several page loads. The web code marks each week's
 * render (apps/web/src/features/availability/calendar/week-calendar.tsx): `calendar-week-render`
 * from the week's layout to React's commit, `calendar-week-paint` from the same mark to the
 * first frame painted with it. Both are read back from the page's performance timeline.
 */

/**
 * Page loads measured, each in a fresh browser context: the first week after a load is one
 * sample per load, and a single sample of it moved 50–150 ms from run to run on this machine.
 */
const PAGE_LOADS = Number(process.env.BENCH_WEEK_LOADS) || 5;
/**
 * BENCH_WEEK_CPU_SLOWDOWN=<n>: Chromium runs the page's main thread n times slower (DevTools'
 * CPU throttling), to see the render on a slower machine than this one; 1 (off) by default.
 */
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_WEEK_CPU_SLOWDOWN) || 1);
/** Weeks rendered after the first, per load (each one a fresh mount: it waits for its data). */
const NEXT_WEEKS = 8;
const RENDER_MEASURE = 'calendar-week-render';
const PAINT_MEASURE = 'calendar-week-paint';
const IDLE_MEASURE = 'calendar-week-idle';

export interface WeekRender {
  /** The week's first day. */
  from: string;
  /** Slots drawn (in the visible days). */
  slots: number;
  /** Layout to commit, ms. */
  render: number;
  /** Layout to the first painted frame, ms. */
  paint: number;
  /** Layout to the first task after that frame (what else the page queued included), ms. */
  idle: number;
}

export interface WeekLoad {
  /** The first week after the page loads (its route chunk just compiled). */
  first: WeekRender;
  /** The weeks after it, one per "Next week". */
  next: WeekRender[];
}

export interface WeekRenderResult {
  /** One per page load. */
  loads: WeekLoad[];
  /** The CPU throttling rate the page ran under (1: none). */
  cpuSlowdown: number;
}

interface MeasureEntry {
  name: string;
  startTime: number;
  duration: number;
  detail: { from?: string; slots?: number } | null;
}

export async function runWeekRender(baseUrl: string): Promise<WeekRenderResult> {
  const index = DATASET.slotsProvider.index;
  const user = {
    id: providerUserId(index),
    firstName: 'Bench',
    lastName: 'Provider',
    email: `provider${index}@bench.slotwise.test`,
    role: 'provider' as const,
    profileImageUrl: null,
    providerId: providerId(index),
  };
  const token = await mintToken({
    userId: user.id,
    role: 'provider',
    providerId: user.providerId,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const loads: WeekLoad[] = [];
    for (let load = 0; load < PAGE_LOADS; load++) {
      loads.push(await measureLoad(browser, token, user, baseUrl, load === 0));
    }
    return { loads, cpuSlowdown: CPU_SLOWDOWN };
  } finally {
    await browser.close();
  }
}

async function measureLoad(
  browser: Browser,
  token: string,
  user: object,
  baseUrl: string,
  traced: boolean,
): Promise<WeekLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Signed in as the web app signs in (docs/product.md §9): token in localStorage, the
    // user's display data in sessionStorage (apps/web/src/lib/session.ts).
    await context.addInitScript({
      content:
        `localStorage.setItem('token', ${JSON.stringify(token)});` +
        `sessionStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});`,
    });
    const page = await context.newPage();
    if (CPU_SLOWDOWN > 1) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const measures = (): Promise<MeasureEntry[]> =>
      page.evaluate(
        ([render, paint, idle]) =>
          performance
            .getEntriesByType('measure')
            .filter((entry) => entry.name === render || entry.name === paint || entry.name === idle)
            .map((entry) => ({
              name: entry.name,
              startTime: entry.startTime,
              duration: entry.duration,
              detail: (entry as unknown as { detail: MeasureEntry['detail'] }).detail,
            })),
        [RENDER_MEASURE, PAINT_MEASURE, IDLE_MEASURE] as const,
      );
    // Both ends of `count` weeks with blocks (the paint's can come before or after the idle's).
    const waitForPaints = (count: number) =>
      page.waitForFunction(
        ([names, wanted]) =>
          names.every(
            (name) =>
              new Set(
                performance
                  .getEntriesByName(name)
                  .map((entry) => (entry as unknown as { detail: MeasureEntry['detail'] }).detail)
                  .filter((detail) => (detail?.slots ?? 0) > 0)
                  .map((detail) => detail!.from),
              ).size >= wanted,
          ),
        [[PAINT_MEASURE, IDLE_MEASURE], count] as const,
        { timeout: 30_000 },
      );

    // BENCH_WEEK_TRACE=<file.json>: a Chromium trace (timeline and JS samples) of the page load
    // and the first week, for DevTools' Performance panel. It slows what it records.
    const tracePath = traced ? process.env.BENCH_WEEK_TRACE : undefined;
    if (tracePath) {
      await browser.startTracing(page, {
        path: tracePath,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'disabled-by-default-v8.cpu_profiler',
          // BENCH_WEEK_TRACE_CATEGORIES=a,b: more, e.g. the compositor's and raster's
          // (cc,viz,gpu,benchmark,disabled-by-default-devtools.timeline.invalidationTracking).
          ...(process.env.BENCH_WEEK_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
        ],
      });
    }
    await page.goto(`${baseUrl}/dashboard/timeslots?view=week`);
    await waitForPaints(1);
    if (tracePath) await browser.stopTracing();
    for (let week = 1; week <= NEXT_WEEKS; week++) {
      await page.getByRole('button', { name: 'Next week' }).click();
      await waitForPaints(week + 1);
    }
    const entries = await measures();
    // The first paint of each week with its own slots: paging renders the new days over the
    // previous week's data first (the query keeps it while loading; nothing of it is drawn),
    // and a week's data refetched while shown (the socket connecting) renders it again.
    const seen = new Set<string>();
    const paints = entries.filter((entry) => {
      const from = entry.detail?.from;
      if (entry.name !== PAINT_MEASURE || !from || seen.has(from)) return false;
      if ((entry.detail?.slots ?? 0) === 0) return false;
      seen.add(from);
      return true;
    });
    // A week's measures start at the same mark (a re-render before the paint replaces them all).
    const withStart = (name: string, paint: MeasureEntry) => {
      const entry = entries.find(
        (candidate) => candidate.name === name && candidate.startTime === paint.startTime,
      );
      if (!entry) throw new Error(`week render: no ${name} for the paint at ${paint.startTime}`);
      return Math.round(entry.duration * 10) / 10;
    };
    const weeks = paints.map((paint) => ({
      from: paint.detail!.from!,
      slots: paint.detail?.slots ?? 0,
      render: withStart(RENDER_MEASURE, paint),
      paint: Math.round(paint.duration * 10) / 10,
      idle: withStart(IDLE_MEASURE, paint),
    }));
    if (weeks.length !== NEXT_WEEKS + 1) {
      throw new Error(`week render: ${weeks.length} weeks painted, expected ${NEXT_WEEKS + 1}`);
    }
    return { first: weeks[0]!, next: weeks.slice(1) };
  } finally {
    await context.close();
  }
}
