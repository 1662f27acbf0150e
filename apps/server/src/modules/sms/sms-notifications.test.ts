import { addDays, clockIn, todayIn } from '@slotwise/shared/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlot } from '../../../test/helpers/booking-factories';
import { createSlotAt } from '../../../test/helpers/exact-slots';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { confirmNumber, outboxTexts } from '../../../test/helpers/sms';
import { smsMessages } from '../../db/schema';
import { offerSlots } from '../waitlist/offers';
import { writeChannels } from '../notifications/channel-preferences';
import { instantAt, smsSendTime } from './quiet-hours';

/**
 * Reminders and waitlist offers are texted when their SMS cell is on and the number is confirmed
 * (docs/product.md §20.3), written in the recipient's zone, never while they sleep.
 */

const HOUR = 3_600_000;
const ZONES = [
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
];

/** A zone whose hour right now passes `test` (the real clock: offers are held from now). */
function zoneWhere(test: (hour: number) => boolean): string {
  const zone = ZONES.find((z) => test(Number(clockIn(z, new Date()).time.slice(0, 2))));
  if (!zone) throw new Error('no zone at such an hour');
  return zone;
}
const daytime = (hour: number) => hour >= 9 && hour <= 19;
const deepNight = (hour: number) => hour >= 21 || hour <= 5;

describe('texts of reminders and waitlist offers, only when wanted', () => {
  const t = useTestApp();
  let phoneSeq = 0;
  const nextPhone = () => `+1212555${String(200 + phoneSeq++).padStart(4, '0')}`;
  const textsTo = async (phone: string) =>
    (await outboxTexts(t.dataDir)).filter((text) => text.to === phone).map((text) => text.body);
  const rowsOf = (userId: string) =>
    t.app.database.db
      .select({ kind: smsMessages.kind, status: smsMessages.status, reason: smsMessages.reason })
      .from(smsMessages)
      .where(eq(smsMessages.userId, userId));
  const withPhone = async (client: TestUser) => {
    const phone = nextPhone();
    await confirmNumber(t.app, t.dataDir, client, phone);
    return phone;
  };

  it('texts a reminder to a client who wants it, in their own zone, and to no one else', async () => {
    const provider = await createProvider(t.app, { firstName: 'Pia', lastName: 'Barber' });
    const day = addDays(todayIn('America/New_York'), 3);
    const slotAt = (hour: number) =>
      createSlotAt(
        t.app,
        provider.providerId!,
        instantAt(day, hour, 'America/New_York'),
        30,
        'Haircut',
      );
    const wants = await createClient(t.app, { timezone: 'America/New_York' });
    const noPhone = await createClient(t.app);
    const switchedOff = await createClient(t.app);
    const inTokyo = await createClient(t.app, { timezone: 'Asia/Tokyo' });
    const [wantsPhone, offPhone, tokyoPhone] = [
      await withPhone(wants),
      await withPhone(switchedOff),
      await withPhone(inTokyo),
    ];
    await writeChannels(t.app.database.db, switchedOff.id, {
      channels: { reminder: { sms: false } },
    });
    const slots = [await slotAt(15), await slotAt(16), await slotAt(17), await slotAt(18)];
    for (const [i, client] of [wants, noPhone, switchedOff, inTokyo].entries()) {
      await book(t.app, client, slots[i]!.id);
    }
    await t.app.jobs.runDue(new Date());
    const before = (await outboxTexts(t.dataDir)).length;

    // The 24 h reminders, at 17:00 in New York the day before: 07:00 or so in Tokyo.
    const dayBefore = new Date(slots[3]!.startsAt.getTime() - 24 * HOUR);
    await t.app.jobs.runDue(dayBefore);
    const time = (instant: Date, zone: string) => clockIn(zone, instant).time.slice(0, 5);
    const sent = await textsTo(wantsPhone);
    expect(sent.at(-1)).toMatch(
      /^Slotwise reminder: Haircut with Pia Barber on \w{3} \d{1,2} \w{3}, 15:00\. Reply STOP to stop texts\.$/,
    );
    expect(sent.filter((body) => body.startsWith('Slotwise reminder'))).toHaveLength(1);
    expect(await textsTo(offPhone)).toHaveLength(1); // its code only
    expect(await rowsOf(noPhone.id)).toEqual([]);
    expect((await rowsOf(switchedOff.id)).map((row) => row.kind)).toEqual(['code']);
    expect((await rowsOf(provider.id)).length).toBe(0);

    // Tokyo: the time on Tokyo's clock; at once by day there, else at 08:00 there.
    const tokyoRow = async () => (await rowsOf(inTokyo.id)).find((row) => row.kind === 'reminder');
    const sendAt = smsSendTime(dayBefore, 'Asia/Tokyo');
    expect((await tokyoRow())!.status).toBe(sendAt > dayBefore ? 'deferred' : 'sent');
    await t.app.jobs.runDue(sendAt);
    expect((await tokyoRow())!.status).toBe('sent');
    const tokyo = (await textsTo(tokyoPhone)).filter((body) =>
      body.startsWith('Slotwise reminder'),
    );
    expect(tokyo).toEqual([
      expect.stringContaining(`, ${time(slots[3]!.startsAt, 'Asia/Tokyo')}. Reply STOP`),
    ]);
    expect((await outboxTexts(t.dataDir)).length).toBe(before + 2);

    // Run again later: the reminders do not text twice.
    await t.app.jobs.runDue(new Date(dayBefore.getTime() + 3 * HOUR));
    expect(
      (await textsTo(wantsPhone)).filter((b) => b.startsWith('Slotwise reminder')),
    ).toHaveLength(1);
  });

  /** A slot of a new provider, offered to `client` (who waits for its day). */
  async function offerTo(client: TestUser) {
    const provider = await createProvider(t.app, { firstName: 'Rae', lastName: 'Stylist' });
    const slot = await createSlot(t.app, provider.providerId!, {
      startsInMinutes: 30 * 60,
      type: 'Trim',
    });
    const joined = await asUser(t.app, client).post('/api/waitlist', {
      providerId: provider.providerId,
      windows: [{ date: slot.day }],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [offer] = await offerSlots(t.app.database.db, t.app.waitlist.settings, [slot.id]);
    expect(offer?.clientId).toBe(client.id);
    return offer!;
  }

  it('texts a waitlist offer with its link when wanted; not to a client who switched it off', async () => {
    const awake = await createClient(t.app, { timezone: zoneWhere(daytime) });
    const phone = await withPhone(awake);
    await offerTo(awake);
    const off = await createClient(t.app, { timezone: zoneWhere(daytime) });
    await withPhone(off);
    await writeChannels(t.app.database.db, off.id, { channels: { waitlist: { sms: false } } });
    await offerTo(off);
    await t.app.jobs.runDue(new Date());

    expect((await textsTo(phone)).at(-1)).toMatch(
      /^Slotwise: a time opened for you, Trim with Rae Stylist on \w{3} \d{1,2} \w{3}, \d\d:\d\d\. Held until \d\d:\d\d\. Book: http:\/\/localhost:5001\/waitlist Reply STOP to stop texts\.$/,
    );
    expect((await rowsOf(off.id)).map((row) => row.kind)).toEqual(['code']);
  });

  it('drops an offer text that would arrive after the hold, or once the offer is over', async () => {
    const asleep = await createClient(t.app, { timezone: zoneWhere(deepNight) });
    await withPhone(asleep);
    await offerTo(asleep);
    const declines = await createClient(t.app, { timezone: zoneWhere(daytime) });
    await withPhone(declines);
    const offer = await offerTo(declines);
    const declined = await asUser(t.app, declines).post(
      `/api/waitlist/offers/${offer.offerId}/decline`,
    );
    expect(declined.statusCode).toBe(200);
    await t.app.jobs.runDue(new Date());

    expect((await rowsOf(asleep.id)).find((row) => row.kind === 'waitlist')).toEqual({
      kind: 'waitlist',
      status: 'suppressed',
      reason: 'too_late_after_quiet_hours',
    });
    expect((await rowsOf(declines.id)).find((row) => row.kind === 'waitlist')).toEqual({
      kind: 'waitlist',
      status: 'suppressed',
      reason: 'offer_ended',
    });
  });
});
