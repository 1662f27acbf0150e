import { useEffect, useState } from 'react';
import { localDateKey } from './date-time-format';

/** Milliseconds from `now` to the next local midnight (DST days are 23 or 25 hours long). */
function untilNextLocalMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** Today's local date `YYYY-MM-DD`, moving on by itself at local midnight. */
export function useLocalToday(): string {
  const [today, setToday] = useState(() => localDateKey());
  useEffect(() => {
    const timer = setTimeout(
      () => setToday(localDateKey()),
      untilNextLocalMidnight(new Date()) + 1_000,
    );
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
