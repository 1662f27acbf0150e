import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WEEK_IDLE_MEASURE,
  WEEK_PAINT_MEASURE,
  WEEK_RENDER_MEASURE,
  markWeekLayout,
  measureWeek,
} from './week-timing';

const detail = { from: '2030-06-10', days: 7, slots: 3 };

function measures(name: string) {
  return performance.getEntriesByName(name, 'measure') as PerformanceMeasure[];
}

// Other files' renders leave marks in the same `performance` (decision 078): start clean too.
beforeEach(() => {
  performance.clearMarks();
  performance.clearMeasures();
});
afterEach(() => {
  performance.clearMarks();
  performance.clearMeasures();
});

describe('measureWeek without Element Timing (jsdom, like browsers that lack it)', () => {
  it('measures the render at once, then the idle and the paint after the next frame, from the layout mark', async () => {
    markWeekLayout();
    const mark = performance.getEntriesByName('calendar-week-render-start', 'mark').at(-1)!;
    measureWeek(detail);
    expect(measures(WEEK_RENDER_MEASURE)).toHaveLength(1);
    expect(measures(WEEK_RENDER_MEASURE)[0]!.startTime).toBe(mark.startTime);
    expect(measures(WEEK_PAINT_MEASURE)).toHaveLength(0);
    await vi.waitFor(() => expect(measures(WEEK_PAINT_MEASURE)).toHaveLength(1));
    const [paint] = measures(WEEK_PAINT_MEASURE);
    const [idle] = measures(WEEK_IDLE_MEASURE);
    expect(paint!.startTime).toBe(mark.startTime);
    expect(idle!.duration).toBe(paint!.duration);
    expect(paint!.detail).toEqual(detail);
  });

  it('a re-render before the frame cancels the first week-paint: one paint, from the newer mark', async () => {
    markWeekLayout();
    const cancel = measureWeek(detail);
    cancel();
    markWeekLayout();
    const newer = performance.getEntriesByName('calendar-week-render-start', 'mark').at(-1)!;
    measureWeek(detail);
    await vi.waitFor(() => expect(measures(WEEK_PAINT_MEASURE)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(measures(WEEK_PAINT_MEASURE)).toHaveLength(1);
    expect(measures(WEEK_PAINT_MEASURE)[0]!.startTime).toBe(newer.startTime);
  });

  it('records nothing without a layout mark', async () => {
    measureWeek(detail);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(measures(WEEK_RENDER_MEASURE)).toHaveLength(0);
    expect(measures(WEEK_PAINT_MEASURE)).toHaveLength(0);
  });
});
