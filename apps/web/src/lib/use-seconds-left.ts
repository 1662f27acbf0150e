import { useEffect, useState } from 'react';

/**
 * Whole seconds until `untilIso`, never negative, ticking once a second while above 0. Read from
 * the clock each tick, so a throttled background tab still shows the right value.
 */
export function useSecondsLeft(untilIso: string): number {
  const until = Date.parse(untilIso);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isNaN(until) ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
