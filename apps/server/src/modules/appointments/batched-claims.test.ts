import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentEvents, appointments, jobs, notifications } from '../../db/schema';
import { ConflictError } from '../../errors';
import { useTestApp } from '../../../test/helpers/app';
import { createProviderWithSlots } from '../../../test/helpers/booking-factories';
import { createClient } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { bookAppointment } from './book';

/**
 * Bookings asked at about the same time share one claim statement (docs/decisions/062): each
 * must still get exactly its own slot and its own rows, and one booking's failure must stay its
 * own.
 */
describe('bookings claimed together', () => {
  const t = useTestApp();

  it('six clients booking six slots at once each get their own slot, event, notification and mail', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 6);
    const clients = await Promise.all(
      slots.map((_, i) => createClient(t.app, { firstName: `Client${i}`, lastName: 'Batch' })),
    );
    const answers = await Promise.all(
      clients.map((client, i) =>
        asUser(t.app, client).post('/api/appointment/booking', { timeslotId: slots[i]!.id }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);

    const db = t.app.database.db;
    for (const [i, res] of answers.entries()) {
      const appointment = res.json().appointment;
      expect(appointment.timeslot_id).toBe(slots[i]!.id);
      const [row] = await db
        .select({ clientId: appointments.clientId, timeslotId: appointments.timeslotId })
        .from(appointments)
        .where(eq(appointments.id, appointment.appointment_id));
      expect(row).toEqual({ clientId: clients[i]!.id, timeslotId: slots[i]!.id });
      const events = await db
        .select({ clientId: appointmentEvents.clientId, to: appointmentEvents.toTimeslotId })
        .from(appointmentEvents)
        .where(eq(appointmentEvents.appointmentId, appointment.appointment_id));
      expect(events).toEqual([{ clientId: clients[i]!.id, to: slots[i]!.id }]);
      const told = await db
        .select({ userId: notifications.userId, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.appointmentId, appointment.appointment_id));
      expect(told).toHaveLength(1);
      expect(told[0]!.userId).toBe(provider.id);
      expect(told[0]!.message).toMatch(new RegExp(`^Client${i} Batch booked `));
      const mails = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.payload}->>'appointmentId' = ${appointment.appointment_id}`);
      expect(mails.length).toBeGreaterThan(0);
    }
    // Nothing written twice, nothing written for another booking.
    const all = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        inArray(
          appointments.timeslotId,
          slots.map((slot) => slot.id),
        ),
      );
    expect(all).toHaveLength(6);
  });

  it('one slot asked twice in one statement is claimed once; the other booking is 409 SLOT_TAKEN', async () => {
    const { slots } = await createProviderWithSlots(t.app, 1);
    const [a, b] = await Promise.all([createClient(t.app), createClient(t.app)]);
    // Without this instance's in-flight map (hints null), both reads and both claims go out
    // together: the statement itself must pick one.
    const outcomes = await Promise.allSettled([
      bookAppointment(t.app.database.db, a!.id, slots[0]!.id),
      bookAppointment(t.app.database.db, b!.id, slots[0]!.id),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = (lost[0] as PromiseRejectedResult).reason as ConflictError;
    expect(reason).toBeInstanceOf(ConflictError);
    expect(reason.code).toBe('SLOT_TAKEN');
    const active = await t.app.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.timeslotId, slots[0]!.id), eq(appointments.status, 'booked')));
    expect(active).toHaveLength(1);
  });

  it('a statement that fails for one booking is retried alone for each: the others are booked', async () => {
    const { slots } = await createProviderWithSlots(t.app, 3);
    const clients = await Promise.all(slots.map(() => createClient(t.app)));
    // The database's refusal: slot 0 is free, but its service needs a room that an active
    // appointment already holds at that time, so inserting its appointment violates the
    // exclusion constraint, which fails the whole shared statement.
    const squatter = await createClient(t.app);
    await t.app.database.db.execute(sql`
      with business as (
        insert into businesses (owner_provider_id, name) select provider_id, 'Batch Studio'
        from timeslots where id = ${slots[0]!.id}::uuid returning id
      ), room as (
        insert into business_resources (business_id, name) select id, 'Room' from business
        returning id
      ), service as (
        insert into services (provider_id, name, duration_minutes, price_cents, currency,
                              resource_id)
        select t.provider_id, 'Roomy', 30, 1000, 'USD', room.id
        from timeslots t, room where t.id = ${slots[0]!.id}::uuid returning id, resource_id
      ), slot as (
        update timeslots set service_id = service.id, type = 'Roomy' from service
        where timeslots.id = ${slots[0]!.id}::uuid returning timeslots.*
      )
      insert into appointments (provider_id, client_id, status, day, start_time, end_time,
                                starts_at, ends_at, service_type, resource_id)
      select slot.provider_id, ${squatter.id}::uuid, 'booked', slot.day, slot.start_time,
             slot.end_time, slot.starts_at, slot.ends_at, 'Roomy', service.resource_id
      from slot, service`);

    const outcomes = await Promise.allSettled(
      clients.map((client, i) => bookAppointment(t.app.database.db, client.id, slots[i]!.id)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    const reason = (outcomes[0] as PromiseRejectedResult).reason as ConflictError;
    expect(reason.code).toBe('RESOURCE_BUSY');
    const booked = await t.app.database.db
      .select({ clientId: appointments.clientId })
      .from(appointments)
      .where(
        inArray(
          appointments.timeslotId,
          slots.slice(1).map((slot) => slot.id),
        ),
      );
    expect(booked.map((row) => row.clientId).sort()).toEqual(
      clients
        .slice(1)
        .map((client) => client.id)
        .sort(),
    );
  });
});
