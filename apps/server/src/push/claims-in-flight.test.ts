import { describe, expect, it } from 'vitest';
import { ClaimsInFlight } from './claims-in-flight';

/** docs/decisions/058: later bookings of a slot share the outcome of the one in flight. */
describe('claims in flight', () => {
  it('with none in flight, a booking goes to the database', async () => {
    expect(await new ClaimsInFlight().outcomeOfOneAhead('a')).toBe(false);
  });

  it('the waiters of a claim that booked the slot are answered taken; the entry goes', async () => {
    const claims = new ClaimsInFlight();
    const settle = claims.start('a');
    const waiters = Promise.all([claims.outcomeOfOneAhead('a'), claims.outcomeOfOneAhead('a')]);
    expect(await claims.outcomeOfOneAhead('b')).toBe(false);
    settle(true);
    settle(false);
    expect(await waiters).toEqual([true, true]);
    expect(claims.size).toBe(0);
  });

  it('the waiters of a claim that did not book the slot go to the database', async () => {
    const claims = new ClaimsInFlight();
    const settle = claims.start('a');
    const waiter = claims.outcomeOfOneAhead('a');
    settle(false);
    expect(await waiter).toBe(false);
    expect(claims.size).toBe(0);
  });

  it('the waiters of a claim refused because its resource was held are answered the same', async () => {
    const claims = new ClaimsInFlight();
    const settle = claims.start('a');
    const waiters = Promise.all([claims.outcomeOfOneAhead('a'), claims.outcomeOfOneAhead('a')]);
    settle('resource-busy');
    expect(await waiters).toEqual(['resource-busy', 'resource-busy']);
    expect(claims.size).toBe(0);
  });

  it('a waiter whose first claim failed waits for the next one in flight', async () => {
    const claims = new ClaimsInFlight();
    const first = claims.start('a');
    const waiter = claims.outcomeOfOneAhead('a');
    // The next attempt starts before the waiter resumes.
    const second = claims.start('a');
    first(false);
    await new Promise(setImmediate);
    second(true);
    expect(await waiter).toBe(true);
    expect(claims.size).toBe(0);
  });
});
