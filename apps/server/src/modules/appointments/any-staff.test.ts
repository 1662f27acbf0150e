import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, services, timeslots } from '../../db/schema';
import { book } from '../../../test/helpers/booking-factories';
import {
  businessDayOf,
  clearOfMidnight,
  createBusiness,
  staffSlotAt,
  type TestBusiness,
} from '../../../test/helpers/business-factories';
import { createClient, type TestUser } from '../../../test/helpers/factories';
import { useTestApp } from '../../../test/helpers/app';
import { asUser } from '../../../test/helpers/requests';

const HOUR = 3_600_000;
const inHours = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000);

/** docs/product.md §13.2–§13.3: "any staff" is fair and never double-books; resources. */
describe('any-staff booking and resources', () => {
  const t = useTestApp();

  const anyStaff = (client: TestUser, business: TestBusiness, at: Date) =>
    asUser(t.app, client).post('/api/appointment/booking', {
      businessId: business.id,
      serviceId: business.service.id,
      startsAt: at.toISOString(),
    });

  const providerOf = async (appointmentId: string) =>
    (
      await t.app.database.db
        .select({ providerId: appointments.providerId })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
    )[0]!.providerId;

  it('books the free staff member with the fewest recent appointments, ties to the lowest id', async () => {
    const business = await createBusiness(t.app, { staff: 2 });
    const [, a, b] = business.staff as [TestUser, TestUser, TestUser];
    const at = inHours(40);
    for (const member of [a, b]) await staffSlotAt(t.app, member, business.service, at);
    // a already has an appointment this month: b is chosen.
    const earlier = await staffSlotAt(t.app, a, business.service, inHours(20));
    await book(t.app, await createClient(t.app), earlier.id);
    const res = await anyStaff(await createClient(t.app), business, at);
    expect(res.statusCode, res.body).toBe(201);
    const appointment = res.json().appointment;
    expect(await providerOf(appointment.appointment_id)).toBe(b.providerId);
    // The answer names the assigned staff member.
    expect(appointment.provider_id).toBe(b.providerId);
    // Then a (the only one left free at that time).
    const second = await anyStaff(await createClient(t.app), business, at);
    expect(await providerOf(second.json().appointment.appointment_id)).toBe(a.providerId);
    // Nobody left: 409 SLOT_TAKEN.
    const third = await anyStaff(await createClient(t.app), business, at);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('SLOT_TAKEN');
  });

  it('never books outside someone\u2019s hours: only staff with a slot at that time', async () => {
    const business = await createBusiness(t.app, { staff: 3 });
    const at = inHours(60);
    // Only the third staff member works then (the others have no slot).
    const [, , , only] = business.staff as [TestUser, TestUser, TestUser, TestUser];
    await staffSlotAt(t.app, only, business.service, at);
    const res = await anyStaff(await createClient(t.app), business, at);
    expect(res.statusCode).toBe(201);
    expect(await providerOf(res.json().appointment.appointment_id)).toBe(only.providerId);
    // A time nobody works, an unknown business or service.
    expect((await anyStaff(await createClient(t.app), business, inHours(61))).statusCode).toBe(409);
    const client = await createClient(t.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const body of [
      { businessId: unknown, serviceId: business.service.id, startsAt: at.toISOString() },
      { businessId: business.id, serviceId: unknown, startsAt: at.toISOString() },
    ]) {
      expect((await asUser(t.app, client).post('/api/appointment/booking', body)).statusCode).toBe(
        404,
      );
    }
    for (const body of [
      { businessId: 'x', serviceId: business.service.id, startsAt: at.toISOString() },
      { businessId: business.id, serviceId: business.service.id, startsAt: 'tomorrow' },
      { businessId: business.id },
    ]) {
      expect((await asUser(t.app, client).post('/api/appointment/booking', body)).statusCode).toBe(
        400,
      );
    }
  });

  it('1,000 any-staff bookings over 3 equally free staff differ by at most 1 each', async () => {
    const business = await createBusiness(t.app, { staff: 3 });
    const members = business.staff.slice(1);
    const first = inHours(24).getTime();
    // 1,000 start times, each free for all three (inserted in one statement each).
    const starts = Array.from({ length: 1000 }, (_, i) => new Date(first + i * HOUR));
    for (const member of members) {
      await t.app.database.db.execute(sql`
        insert into timeslots (provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id)
        select ${member.providerId}::uuid, (s at time zone 'America/New_York')::date,
          (s at time zone 'America/New_York')::time,
          ((s + interval '30 minutes') at time zone 'America/New_York')::time,
          s, s + interval '30 minutes', 'Cut', ${business.service.id}::uuid
        from (select x::timestamptz as s
          from json_array_elements_text(${JSON.stringify(starts.map((d) => d.toISOString()))}::json) x) xs
        where ((s + interval '30 minutes') at time zone 'America/New_York')::date
          = (s at time zone 'America/New_York')::date`);
    }
    const client = await createClient(t.app);
    const perStaff = new Map<string, number>();
    let booked = 0;
    for (const at of starts) {
      const res = await anyStaff(client, business, at);
      if (res.statusCode === 409) continue; // an hour whose slot crossed midnight: not created
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().appointment.provider_id as string;
      perStaff.set(id, (perStaff.get(id) ?? 0) + 1);
      booked++;
    }
    expect(booked).toBeGreaterThan(900);
    const counts = members.map((m) => perStaff.get(m.providerId!) ?? 0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  }, 240_000);

  it('200 simultaneous any-staff bookings for 10 staff × 1 time: exactly 10, each staff member once', async () => {
    const business = await createBusiness(t.app, { staff: 9 });
    const at = inHours(30);
    for (const member of business.staff) await staffSlotAt(t.app, member, business.service, at);
    const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(t.app)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => anyStaff(clients[i % 20]!, business, at)),
    );
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(190);
    const assigned = won.map((r) => r.json().appointment.provider_id as string);
    expect(new Set(assigned).size).toBe(10);
    const rows = await t.app.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        inArray(
          appointments.providerId,
          business.staff.map((s) => s.providerId!),
        ),
      );
    expect(rows).toHaveLength(10);
  }, 60_000);

  it('one room: 200 simultaneous bookings over overlapping slots of different staff → exactly 1; free times leave out the taken room', async () => {
    const business = await createBusiness(t.app, { staff: 9, resources: 1, serviceMinutes: 60 });
    await t.app.database.db
      .update(services)
      .set({ resourceId: business.resourceIds[0]! })
      .where(eq(services.id, business.service.id));
    const base = clearOfMidnight(inHours(72), 9 * 5 + 60).getTime();
    // Each staff member's slot starts 5 minutes after the previous one's: all overlap.
    const slots: Awaited<ReturnType<typeof staffSlotAt>>[] = [];
    for (const [i, member] of business.staff.entries()) {
      slots.push(
        await staffSlotAt(t.app, member, business.service, new Date(base + i * 5 * 60_000)),
      );
    }
    const clients = await Promise.all(Array.from({ length: 20 }, () => createClient(t.app)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        asUser(t.app, clients[i % 20]!).post('/api/appointment/booking', {
          timeslotId: slots[i % slots.length]!.id,
        }),
      ),
    );
    // Anything but a booking or a refusal, with what it said (so a failure here shows why).
    const neither = answers.filter((r) => r.statusCode !== 201 && r.statusCode !== 409);
    expect(neither.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode === 409).map((r) => r.json().code);
    expect(refused).toHaveLength(199);
    expect(refused).toContain('RESOURCE_BUSY');
    // No other staff member's overlapping slot is offered any more.
    const winner = answers.find((r) => r.statusCode === 201)!.json().appointment;
    for (const [i, member] of business.staff.entries()) {
      if (member.providerId === winner.provider_id) continue;
      const day = businessDayOf(slots[i]!.startsAt);
      const free = await asUser(t.app, null).get(
        `/api/search/providers/${member.providerId}/available-slots?from=${day}&to=${day}`,
      );
      expect(free.statusCode, free.body).toBe(200);
      expect(free.json().availableSlots.map((s: { id: string }) => s.id)).not.toContain(
        slots[i]!.id,
      );
    }
    const merged = await asUser(t.app, null).get(
      `/api/businesses/${business.id}/available-slots?serviceId=${business.service.id}&date=${businessDayOf(slots[0]!.startsAt)}`,
    );
    expect(merged.json().slots).toEqual([]);
  }, 60_000);

  it('rescheduling keeps the staff member; into a time whose room is taken → 409 RESOURCE_BUSY; canceling frees the room', async () => {
    const business = await createBusiness(t.app, { staff: 2, resources: 1 });
    await t.app.database.db
      .update(services)
      .set({ resourceId: business.resourceIds[0]! })
      .where(eq(services.id, business.service.id));
    const [, a, b] = business.staff as [TestUser, TestUser, TestUser];
    const at = inHours(80);
    const later = new Date(at.getTime() + 2 * HOUR);
    const aNow = await staffSlotAt(t.app, a, business.service, at);
    const aLater = await staffSlotAt(t.app, a, business.service, later);
    const bLater = await staffSlotAt(t.app, b, business.service, later);
    const client = await createClient(t.app);
    const mine = await book(t.app, client, aNow.id);
    // Another staff member's slot: refused (the staff member is kept).
    const toB = await asUser(t.app, client).patch(`/api/appointment/reschedule/${mine}`, {
      newTimeslotId: bLater.id,
    });
    expect(toB.statusCode).toBe(400);
    // b's client takes the room at `later`; moving into a's `later` slot needs the same room.
    const other = await book(t.app, await createClient(t.app), bLater.id);
    const busy = await asUser(t.app, client).patch(`/api/appointment/reschedule/${mine}`, {
      newTimeslotId: aLater.id,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('RESOURCE_BUSY');
    // Nothing moved, nothing lost.
    const [still] = await t.app.database.db
      .select({ timeslotId: appointments.timeslotId, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, mine));
    expect(still).toEqual({ timeslotId: aNow.id, status: 'booked' });
    const [aLaterRow] = await t.app.database.db
      .select({ isBooked: timeslots.isBooked })
      .from(timeslots)
      .where(eq(timeslots.id, aLater.id));
    expect(aLaterRow!.isBooked).toBe(false);
    // The other booking is canceled: the room is free, the move goes through, a stays.
    expect(
      (await asUser(t.app, b).patch(`/api/appointment/provider/cancel/${other}`)).statusCode,
    ).toBe(200);
    const moved = await asUser(t.app, client).patch(`/api/appointment/reschedule/${mine}`, {
      newTimeslotId: aLater.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await providerOf(mine)).toBe(a.providerId);
  });
});
