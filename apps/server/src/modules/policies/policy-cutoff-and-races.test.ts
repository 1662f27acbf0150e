import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAt, type NearMidnight } from '../../../test/helpers/exact-slots';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { minutesFromNow, setPolicy, zonedInstant } from '../../../test/helpers/policy-helpers';
import { asUser } from '../../../test/helpers/requests';

/** docs/decisions/047-booking-policies.md: the cancellation cut-off (DST included) and races. */
describe('booking policies: cancellation cut-off and concurrency', () => {
  const t = useTestApp();

  const bookRes = (client: TestUser, timeslotId: string) =>
    asUser(t.app, client).post('/api/appointment/booking', { timeslotId });
  const clientCancel = (client: TestUser, id: string) =>
    asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
  const clientMove = (client: TestUser, id: string, to: string) =>
    asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, { newTimeslotId: to });

  for (const zone of ['America/New_York', 'Pacific/Auckland']) {
    it(`24 h cut-off (${zone}): a minute inside the client cancels; a minute outside 409 CANCEL_WINDOW_PASSED, the provider still can and the client is told`, async () => {
      // Two providers with one policy, so the slots a minute either side of the cut-off can exist.
      const provider = await createProvider(t.app, { timezone: zone });
      const second = await createProvider(t.app, { timezone: zone });
      await setPolicy(t.app, provider, { cancelCutoffMinutes: 1440 });
      await setPolicy(t.app, second, { cancelCutoffMinutes: 1440 });
      const slot = async (owner: TestUser, minutes: number, nearMidnight?: NearMidnight) =>
        createSlotAt(
          t.app,
          owner.providerId!,
          minutesFromNow(minutes),
          30,
          'Haircut',
          nearMidnight,
        );
      const [early, late, other] = [
        await slot(second, 1441),
        // Near the provider's midnight it moves earlier, never past the cut-off.
        await slot(provider, 1439, 'earlier'),
        await slot(provider, 3000),
      ];
      const client = await createClient(t.app);
      const earlyId = await book(t.app, client, early.id);
      const lateId = await book(t.app, client, late.id);
      const list = (
        await t.app.inject({ url: '/api/appointment/view', headers: client.headers })
      ).json().appointments as {
        id: string;
        cancellable_until: string | null;
        starts_at: string;
      }[];
      const lateView = list.find((a) => a.id === lateId)!;
      expect(lateView.cancellable_until).toBe(
        new Date(Date.parse(lateView.starts_at) - 1440 * 60_000).toISOString(),
      );
      for (const res of [
        await clientCancel(client, lateId),
        await clientMove(client, lateId, other.id),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'CANCEL_WINDOW_PASSED',
          message:
            'Free cancellation ends 1 day before the appointment; please contact the provider',
        });
      }
      expect((await clientCancel(client, earlyId)).statusCode).toBe(200);
      const byProvider = await asUser(t.app, provider).patch(
        `/api/appointment/provider/cancel/${lateId}`,
      );
      expect(byProvider.statusCode).toBe(200);
      const told = (
        await t.app.inject({ url: '/api/notifications', headers: client.headers })
      ).json();
      expect(JSON.stringify(told)).toContain(lateId);
    });
  }

  it('changing the policy never touches existing bookings: the cut-off is the one booked under', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlotAt(t.app, provider.providerId!, minutesFromNow(600), 30);
    const client = await createClient(t.app);
    const id = await book(t.app, client, slot.id);
    await setPolicy(t.app, provider, {
      cancelCutoffMinutes: 1440,
      maxPerDay: 1,
      minNoticeMinutes: 900,
    });
    const res = await clientCancel(client, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment.cancellable_until).toBeNull();
  });

  it('the cut-off is an absolute duration across daylight-saving changes (New York spring, Auckland autumn)', async () => {
    // New York springs forward on Sunday 14 March 2027 at 02:00. 24 h before 09:00 EDT that
    // Sunday (13:00Z) is Saturday 13 March 08:00 EST (13:00Z the day before): 25 wall-clock hours.
    // Auckland falls back on Sunday 4 April 2027 at 03:00. 24 h before 09:00 NZST (21:00Z on the
    // 3rd) is Saturday 3 April 10:00 NZDT (21:00Z on the 2nd): 23 wall-clock hours.
    const cases = [
      { zone: 'America/New_York', day: '2027-03-14', until: '2027-03-13T13:00:00.000Z' },
      { zone: 'Pacific/Auckland', day: '2027-04-04', until: '2027-04-02T21:00:00.000Z' },
    ];
    for (const { zone, day, until } of cases) {
      const provider = await createProvider(t.app, { timezone: zone });
      await setPolicy(t.app, provider, { cancelCutoffMinutes: 1440, maxAdvanceDays: 730 });
      const startsAt = zonedInstant(zone, day, '09:00:00');
      const slot = await createSlotAt(t.app, provider.providerId!, startsAt, 60);
      const client = await createClient(t.app);
      const res = await bookRes(client, slot.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().appointment.cancellable_until).toBe(until);
      // The server's check uses the same instant: the stored cut-off against starts_at.
      const [row] = await t.app.database.db
        .select({ cutoff: appointments.cancelCutoffMinutes, startsAt: appointments.startsAt })
        .from(appointments)
        .where(eq(appointments.id, res.json().appointment.id));
      expect(row!.cutoff).toBe(1440);
      expect(new Date(row!.startsAt.getTime() - 1440 * 60_000).toISOString()).toBe(until);
    }
  });

  it('50 simultaneous bookings against a daily cap of 3: exactly 3 succeed', async () => {
    const zone = 'America/New_York';
    const provider = await createProvider(t.app, { timezone: zone });
    const day = addDays(todayIn(zone), 3);
    const first = zonedInstant(zone, day, '08:00:00');
    const slots = [];
    for (let i = 0; i < 50; i++) {
      slots.push(
        await createSlotAt(
          t.app,
          provider.providerId!,
          new Date(first.getTime() + i * 15 * 60_000),
          15,
        ),
      );
    }
    await setPolicy(t.app, provider, { maxPerDay: 3 });
    const clients = await Promise.all(Array.from({ length: 10 }, () => createClient(t.app)));
    const responses = await Promise.all(
      slots.map((slot, i) => bookRes(clients[i % clients.length]!, slot.id)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().code).toBe('DAILY_LIMIT_REACHED');
    }
    const stored = await t.app.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(eq(appointments.providerId, provider.providerId!), ne(appointments.status, 'canceled')),
      );
    expect(stored).toHaveLength(3);
  });

  it('two simultaneous bookings of adjacent slots with a 15-minute buffer: exactly one', async () => {
    const provider = await createProvider(t.app, { timezone: 'Pacific/Auckland' });
    // Noon in Auckland two days on: both slots sit inside one Auckland day whatever the clock.
    const start = zonedInstant(
      'Pacific/Auckland',
      addDays(todayIn('Pacific/Auckland'), 2),
      '12:00',
    );
    const a = await createSlotAt(t.app, provider.providerId!, start, 30);
    const b = await createSlotAt(
      t.app,
      provider.providerId!,
      new Date(start.getTime() + 30 * 60_000),
      30,
    );
    await setPolicy(t.app, provider, { bufferMinutes: 15 });
    const [x, y] = [await createClient(t.app), await createClient(t.app)];
    const responses = await Promise.all([bookRes(x, a.id), bookRes(y, b.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('BUFFER_CONFLICT');
  });
});
