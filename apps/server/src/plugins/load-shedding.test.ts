import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { createProviderWithSlots } from '../../test/helpers/booking-factories';
import { createClient } from '../../test/helpers/factories';

/** Keeps the event loop lagging (15 ms of every 20) until stopped. */
function lagEventLoop(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 15;
    while (performance.now() < until);
  }, 20);
  return () => clearInterval(timer);
}

/**
 * docs/decisions/058: with load shedding on, a lagging event loop sheds requests as 503, but a
 * booking (a rush is what makes the loop lag) is served, never shed.
 */
describe('load shedding', () => {
  const t = useTestApp({ MAX_EVENT_LOOP_DELAY_MS: '1' });

  it('sheds other requests under pressure, but never a booking', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const client = await createClient(t.app);
    const stop = lagEventLoop();
    try {
      // under-pressure measures the lag once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      const [shed, booked] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/appointment/view', headers: client.headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/appointment/booking',
          headers: client.headers,
          payload: { timeslotId: slots[0]!.id },
        }),
      ]);
      expect(shed.statusCode).toBe(503);
      expect(booked.statusCode).toBe(201);
    } finally {
      stop();
    }
  });
});
