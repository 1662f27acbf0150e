import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { book, createProviderWithSlots, createSlot } from '../../test/helpers/booking-factories';
import { createClient } from '../../test/helpers/factories';

/**
 * docs/decisions/056: the losers of a rush are answered from the slots this instance knows are
 * booked, and that hint never refuses a slot that is free (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
describe('taken-slot hints of the booking command', () => {
  const t = useTestApp();

  const attempt = (headers: { authorization: string }, timeslotId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/appointment/booking',
      headers,
      payload: { timeslotId },
    });

  it('a taken slot is answered 409 SLOT_TAKEN from the hint, exactly as from the database', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const [winner, loser] = await Promise.all([createClient(t.app), createClient(t.app)]);
    await book(t.app, winner, slots[0]!.id);
    expect(t.app.takenSlots.isTaken(slots[0]!.id)).toBe(true);
    const fromHint = await attempt(loser.headers, slots[0]!.id);
    // The same answer with the hint dropped (straight from the database).
    t.app.takenSlots.forget(slots[0]!.id);
    const fromDatabase = await attempt(loser.headers, slots[0]!.id);
    expect(fromHint.statusCode).toBe(409);
    expect(fromHint.json()).toEqual(fromDatabase.json());
    expect(fromHint.json()).toEqual({
      message: BOOKING_MESSAGES.slotTaken,
      error: BOOKING_MESSAGES.slotTaken,
      code: 'SLOT_TAKEN',
    });
    // The database's refusal was remembered again.
    expect(t.app.takenSlots.isTaken(slots[0]!.id)).toBe(true);
  });

  it('a slot freed by a cancel is bookable at once', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const [first, second] = await Promise.all([createClient(t.app), createClient(t.app)]);
    const appointmentId = await book(t.app, first, slots[0]!.id);
    expect((await attempt(second.headers, slots[0]!.id)).statusCode).toBe(409);
    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/cancel/${appointmentId}`,
      headers: first.headers,
    });
    expect(canceled.statusCode).toBe(200);
    expect((await attempt(second.headers, slots[0]!.id)).statusCode).toBe(201);
  });

  it('a slot freed by any other writer (another instance, plain SQL) is bookable at once', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const [first, second] = await Promise.all([createClient(t.app), createClient(t.app)]);
    await book(t.app, first, slots[0]!.id);
    expect(t.app.takenSlots.isTaken(slots[0]!.id)).toBe(true);
    // What a cancel through another instance leaves behind, written behind this one's back.
    await t.app.database.db.execute(
      sql`update appointments set status = 'canceled' where timeslot_id = ${slots[0]!.id}::uuid`,
    );
    await t.app.database.db.execute(
      sql`update timeslots set is_booked = false, seats_taken = 0 where id = ${slots[0]!.id}::uuid`,
    );
    // PostgreSQL delivers the notification asynchronously: wait until it arrived.
    for (let i = 0; i < 100 && t.app.takenSlots.isTaken(slots[0]!.id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(t.app.takenSlots.isTaken(slots[0]!.id)).toBe(false);
    expect((await attempt(second.headers, slots[0]!.id)).statusCode).toBe(201);
  });

  it('a booked slot about to start is asked of the database (INVALID_STATE once started)', async () => {
    const { provider } = await createProviderWithSlots(t.app, 0);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 1 });
    const [first, second] = await Promise.all([createClient(t.app), createClient(t.app)]);
    await book(t.app, first, slot.id);
    // Within a few seconds of its start the hint is not trusted.
    expect(t.app.takenSlots.isTaken(slot.id, slot.startsAt.getTime() - 1_000)).toBe(false);
    expect((await attempt(second.headers, slot.id)).statusCode).toBe(409);
  });

  it('nothing is answered from the hint while the push channel is down', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const [first, second] = await Promise.all([createClient(t.app), createClient(t.app)]);
    await book(t.app, first, slots[0]!.id);
    t.app.takenSlots.down();
    expect(t.app.takenSlots.isTaken(slots[0]!.id)).toBe(false);
    t.app.takenSlots.remember(slots[0]!.id, slots[0]!.startsAt, t.app.takenSlots.mark());
    expect(t.app.takenSlots.size).toBe(0);
    expect((await attempt(second.headers, slots[0]!.id)).statusCode).toBe(409);
    await t.app.takenSlots.up();
    expect(t.app.takenSlots.size).toBe(0);
  });
});
