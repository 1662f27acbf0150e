import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), never negative. */
function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A countdown in whole seconds: `start(seconds)` begins it, `remaining` falls to 0 once a second.
 * Computed from a deadline, so a throttled background tab still shows the right value.
 * `initialSeconds` starts it at once (the verification mail sent just before the screen opened).
 */
export function useCountdown(initialSeconds = 0) {
  const [until, setUntil] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(seconds > 0 ? current + seconds * 1000 : null);
  }, []);

  return { remaining: secondsLeft(until, now), start };
}
