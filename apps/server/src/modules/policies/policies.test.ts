import { DEFAULT_BOOKING_POLICY, POLICY_MESSAGES } from '@slotwise/shared/policies-schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAt, type NearMidnight } from '../../../test/helpers/exact-slots';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { minutesFromNow, setPolicy, zonedInstant } from '../../../test/helpers/policy-helpers';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { asUser } from '../../../test/helpers/requests';

/** docs/product.md §11.4, docs/decisions/047-booking-policies.md: each rule at its boundary. */
describe('booking policies', () => {
  const t = useTestApp();

  const bookRes = (client: TestUser, timeslotId: string) =>
    asUser(t.app, client).post('/api/appointment/booking', { timeslotId });
  let viewer: TestUser | undefined;
  const listed = async (providerId: string) => {
    viewer ??= await createClient(t.app);
    const res = await asUser(t.app, viewer).get(
      `/api/search/providers/${providerId}/available-slots`,
    );
    return res.json().availableSlots.map((slot: { id: string }) => slot.id) as string[];
  };
  const slotIn = async (provider: TestUser, minutes: number, nearMidnight?: NearMidnight) =>
    (
      await createSlotAt(
        t.app,
        provider.providerId!,
        minutesFromNow(minutes),
        30,
        'Haircut',
        nearMidnight,
      )
    ).id;

  it('GET answers the defaults; PUT replaces the policy; bad values are 400; clients 403', async () => {
    const provider = await createProvider(t.app);
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/provider/policy', headers: provider.headers });
    expect((await get()).json()).toEqual({ policy: DEFAULT_BOOKING_POLICY });
    const policy = {
      minNoticeMinutes: 120,
      maxAdvanceDays: 30,
      bufferMinutes: 15,
      maxPerDay: 6,
      cancelCutoffMinutes: 1440,
      // Fees (docs/decisions/068-payments.md): tiers as sent, kept in that order.
      cancellationFees: [
        { hoursBefore: 48, percent: 0 },
        { hoursBefore: 24, percent: 50 },
      ],
      noShowFeePercent: 80,
    };
    const put = await asUser(t.app, provider).put('/api/provider/policy', policy);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ message: POLICY_MESSAGES.saved, policy });
    expect((await get()).json()).toEqual({ policy });
    for (const bad of [
      { ...policy, minNoticeMinutes: -1 },
      { ...policy, maxAdvanceDays: 0 },
      { ...policy, maxPerDay: 0 },
      { ...policy, bufferMinutes: 1.5 },
      { ...policy, cancelCutoffMinutes: '60' },
    ]) {
      const res = await asUser(t.app, provider).put('/api/provider/policy', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const client = await createClient(t.app);
    const asClient = await asUser(t.app, client).get('/api/provider/policy');
    expect(asClient.statusCode).toBe(403);
  });

  for (const zone of ['America/New_York', 'Pacific/Auckland']) {
    /** Two providers with one policy: one slot a minute inside the rule, one a minute outside. */
    const pair = async (
      policy: Parameters<typeof setPolicy>[2],
      inside: number,
      outside: number,
    ) => {
      const [pIn, pOut] = [
        await createProvider(t.app, { timezone: zone }),
        await createProvider(t.app, { timezone: zone }),
      ];
      await setPolicy(t.app, pIn, policy);
      await setPolicy(t.app, pOut, policy);
      // Near the provider's midnight a slot moves; the sooner one of the two must never move
      // later, past the boundary between them, so it moves earlier (the later one, later).
      const side = (minutes: number): NearMidnight =>
        minutes === Math.min(inside, outside) ? 'earlier' : 'later';
      return {
        pIn,
        pOut,
        inside: await slotIn(pIn, inside, side(inside)),
        outside: await slotIn(pOut, outside, side(outside)),
      };
    };

    /** The slot inside the policy is listed and books; the one outside is hidden and refused. */
    const expectOnlyInside = async (
      policy: Parameters<typeof pair>[0],
      insideMinutes: number,
      outsideMinutes: number,
      refusal: { code: string; message: string },
    ) => {
      const { pIn, pOut, inside, outside } = await pair(policy, insideMinutes, outsideMinutes);
      expect(await listed(pIn.providerId!)).toEqual([inside]);
      expect(await listed(pOut.providerId!)).toEqual([]);
      const client = await createClient(t.app);
      const refused = await bookRes(client, outside);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject(refusal);
      expect((await bookRes(client, inside)).statusCode).toBe(201);
    };

    it(`minimum notice (${zone}): 121 minutes ahead books, 119 is 409 TOO_SOON and not listed`, async () => {
      await expectOnlyInside({ minNoticeMinutes: 120 }, 121, 119, {
        code: 'TOO_SOON',
        message: "This provider needs at least 2 hours' notice",
      });
    });

    it(`horizon (${zone}): 1 day ahead less a minute books, a minute more is 409 TOO_FAR_AHEAD`, async () => {
      await expectOnlyInside({ maxAdvanceDays: 1 }, 1439, 1441, {
        code: 'TOO_FAR_AHEAD',
        message: 'This provider takes bookings at most 1 day ahead',
      });
    });
  }

  it('buffer of 15 minutes: 14 minutes after (or before) another appointment is 409 BUFFER_CONFLICT, 15 books', async () => {
    const provider = await createProvider(t.app, { timezone: 'Pacific/Auckland' });
    // Noon in Auckland two days on: the three slots sit inside one Auckland day whatever the clock.
    const base = zonedInstant('Pacific/Auckland', addDays(todayIn('Pacific/Auckland'), 2), '12:00');
    const at = (minutes: number) =>
      createSlotAt(t.app, provider.providerId!, new Date(base.getTime() + minutes * 60_000), 30);
    const taken = await at(0); // 0–30
    const after14 = await at(44); // starts 14 minutes after it ends
    const before14 = await at(-44); // ends 14 minutes before it starts
    const client = await createClient(t.app);
    await book(t.app, client, taken.id);
    await setPolicy(t.app, provider, { bufferMinutes: 15 });
    const visible = await listed(provider.providerId!);
    expect(visible).not.toContain(after14.id);
    expect(visible).not.toContain(before14.id);
    for (const slot of [after14, before14]) {
      const refused = await bookRes(client, slot.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'BUFFER_CONFLICT',
        message: POLICY_MESSAGES.bufferConflict,
      });
    }
    await setPolicy(t.app, provider, { bufferMinutes: 14 });
    expect(await listed(provider.providerId!)).toEqual(
      expect.arrayContaining([after14.id, before14.id]),
    );
    await setPolicy(t.app, provider, { bufferMinutes: 15 });
    const after15 = await at(45 + 30); // after the 44-minute one would have ended: free of it
    expect((await bookRes(client, after15.id)).statusCode).toBe(201);
  });

  it("daily cap counted on the provider's wall-clock day (Pacific/Auckland)", async () => {
    const zone = 'Pacific/Auckland';
    const provider = await createProvider(t.app, { timezone: zone });
    const day = addDays(todayIn(zone), 3);
    const next = addDays(day, 1);
    const slot = (d: string, time: string) =>
      createSlotAt(t.app, provider.providerId!, zonedInstant(zone, d, time), 30);
    const first = await slot(day, '09:00:00');
    const second = await slot(day, '10:00:00');
    const lastOfDay = await slot(day, '23:29:00'); // ends 23:59 on the capped day
    const nextDay = await slot(next, '00:00:00'); // one minute later, the next local day
    await setPolicy(t.app, provider, { maxPerDay: 2 });
    const client = await createClient(t.app);
    await book(t.app, client, first.id);
    expect(await listed(provider.providerId!)).toContain(lastOfDay.id);
    await book(t.app, client, second.id);
    expect(await listed(provider.providerId!)).not.toContain(lastOfDay.id);
    const refused = await bookRes(client, lastOfDay.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: POLICY_MESSAGES.dailyLimitReached,
    });
    expect((await bookRes(client, nextDay.id)).statusCode).toBe(201);
  });

  it('reschedule obeys notice and the cap, without counting the appointment it moves', async () => {
    const provider = await createProvider(t.app);
    const day = addDays(todayIn('America/New_York'), 3);
    const slot = (time: string) =>
      createSlotAt(t.app, provider.providerId!, zonedInstant('America/New_York', day, time), 30);
    const [a, b] = [await slot('09:00:00'), await slot('10:00:00')];
    const soon = await slotIn(provider, 60);
    const client = await createClient(t.app);
    const id = await book(t.app, client, a.id);
    await setPolicy(t.app, provider, { maxPerDay: 1, minNoticeMinutes: 120 });
    const move = (to: string) =>
      asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, { newTimeslotId: to });
    const tooSoon = await move(soon);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().code).toBe('TOO_SOON');
    expect((await move(b.id)).statusCode).toBe(200);
  });
});
