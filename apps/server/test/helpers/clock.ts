import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * Date is `now` in this suite (timers stay real): faked before its tests, set back after each
 * test, the real clock again after the suite.
 */
export function useFakeNow(now: Date): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.setSystemTime(now));
  afterAll(() => vi.useRealTimers());
}
