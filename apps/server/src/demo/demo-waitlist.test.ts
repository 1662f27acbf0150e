import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { demoSignIn } from '../../test/helpers/demo';
import { appointments, providers, timeslots, users } from '../db/schema';
import { DEMO_CLIENT_EMAIL, emailOf } from './demo-catalogue';
import { DEMO_WAITLIST } from './demo-waitlist';
import { DEMO_PROVIDER_ZONE } from './seed-marketplace';
import { seedDemoData } from './seed-demo';

/**
 * The demo waitlist (demo-waitlist.ts, docs/decisions/069-waitlist.md): the busy provider's next
 * days are full, the three demo clients wait (the demo client first), her refills are counted,
 * and a cancel of her next booking offers the slot to the demo client alone.
 */
describe('demo waitlist', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  async function busyProvider() {
    const [row] = await db()
      .select({ id: providers.id })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(
        and(
          eq(users.firstName, DEMO_WAITLIST.provider.firstName),
          eq(users.lastName, DEMO_WAITLIST.provider.lastName),
        ),
      );
    return row!.id;
  }

  it('a fully booked provider, the demo clients waiting in order, refills in the last 30 days', async () => {
    expect((await seedDemoData(db(), t.app.log)).seeded).toBe(true);
    const providerId = await busyProvider();
    const today = todayIn(DEMO_PROVIDER_ZONE);
    const ahead = await db()
      .select({ isBooked: timeslots.isBooked })
      .from(timeslots)
      .where(
        and(
          eq(timeslots.providerId, providerId),
          gt(timeslots.startsAt, new Date()),
          lte(timeslots.day, addDays(today, DEMO_WAITLIST.busyDays - 1)),
        ),
      );
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.every((slot) => slot.isBooked)).toBe(true);
    // Nobody sees a free time of hers on those days; later days are open.
    const free = await t.app.inject({
      url: `/api/search/providers/${providerId}/available-slots?from=${today}&to=${addDays(today, 13)}`,
    });
    const days = (free.json().availableSlots as { day: string }[]).map((slot) => slot.day);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((day) => day > addDays(today, DEMO_WAITLIST.busyDays - 1))).toBe(true);

    const provider = await demoSignIn(t.app, emailOf(DEMO_WAITLIST.provider));
    const list = await t.app.inject({ url: '/api/provider/waitlist', headers: provider });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      (list.json().entries as { client_first_name: string; position: number }[]).map((e) => [
        e.position,
        e.client_first_name,
      ]),
    ).toEqual([
      [1, 'Jordan'],
      [2, 'Emily'],
      [3, 'Lucas'],
    ]);
    expect(list.json().refilled_last_30_days).toBe(DEMO_WAITLIST.refills.length);

    const demoClient = await demoSignIn(t.app, DEMO_CLIENT_EMAIL);
    const mine = await t.app.inject({ url: '/api/waitlist', headers: demoClient });
    // Waiting now, and the entry of the slot he got through the waitlist five days ago.
    expect(
      (mine.json().entries as { provider_id: string; status: string }[]).map((e) => [
        e.provider_id,
        e.status,
      ]),
    ).toEqual([
      [providerId, 'waiting'],
      [providerId, 'booked'],
    ]);
  });

  it('a cancel of her next booking offers the slot to the demo client, held from everyone else', async () => {
    const providerId = await busyProvider();
    const [next] = await db()
      .select({ id: appointments.id, timeslotId: appointments.timeslotId, client: users })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.clientId))
      .where(
        and(
          eq(appointments.providerId, providerId),
          eq(appointments.status, 'booked'),
          gt(appointments.startsAt, sql`now()`),
        ),
      )
      .orderBy(appointments.startsAt)
      .limit(1);
    // Her next booking is a regular's, who is not waiting.
    expect(DEMO_WAITLIST.regulars.map((r) => r.firstName)).toContain(next!.client.firstName);
    const holder = await demoSignIn(t.app, next!.client.email);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/cancel/${next!.id}`,
      headers: holder,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const offersOf = async (email: string) =>
      (await t.app.inject({ url: '/api/waitlist/offers', headers: await demoSignIn(t.app, email) }))
        .json()
        .offers.filter((o: { status: string }) => o.status === 'offered') as {
        timeslot_id: string;
        status: string;
      }[];
    expect(await offersOf(DEMO_CLIENT_EMAIL)).toEqual([
      expect.objectContaining({ timeslot_id: next!.timeslotId, status: 'offered' }),
    ]);
    expect(await offersOf('emily.chen@slotwise.test')).toEqual([]);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/booking',
      headers: holder,
      payload: { timeslotId: next!.timeslotId },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().code).toBe('SLOT_HELD');
  });
});
