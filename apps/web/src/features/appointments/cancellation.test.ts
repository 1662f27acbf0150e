import { describe, expect, it } from 'vitest';
import { cancellationState } from './cancellation';

// Under TZ=America/New_York: 2026-11-24T19:00Z is Tue, Nov 24, 14:00 there.
describe('free cancellation on the client card', () => {
  const until = '2026-11-24T19:00:00.000Z';
  const DAY = 24 * 3600 * 1000;

  it('says until when, in the viewer zone, before the cut-off', () => {
    expect(cancellationState(until, Date.parse(until) - 60_000)).toEqual({
      passed: false,
      text: 'Free cancellation until Today 14:00',
    });
    expect(cancellationState(until, Date.parse(until) - DAY).text).toBe(
      'Free cancellation until Tomorrow 14:00',
    );
    expect(cancellationState(until, Date.parse(until) - 7 * DAY).text).toBe(
      'Free cancellation until Tue, Nov 24, 14:00',
    );
  });

  it('gives the reason once the cut-off has passed', () => {
    expect(cancellationState(until, Date.parse(until) + 60_000)).toEqual({
      passed: true,
      text: 'Free cancellation ended Today 14:00: contact the provider to cancel or reschedule',
    });
  });

  it('says nothing without a cut-off', () => {
    expect(cancellationState(null)).toEqual({ passed: false, text: null });
  });
});
