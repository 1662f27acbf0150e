import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/helpers/app';
import { createClient } from '../../../test/helpers/factories';
import { outboxTexts, startFakeTwilio } from '../../../test/helpers/sms';
import type { Db } from '../../db/client';
import { jobs, smsMessages, smsOptOuts, users } from '../../db/schema';
import { twilioSignature } from './inbound';
import { queueSms } from './sms-queue';

/**
 * Sending texts (docs/product.md §20.3): the send job's decisions on its own clock — quiet hours
 * in the recipient's zone, STOP, the daily cap — and both gateways (the outbox, Twilio).
 */

const WEBHOOK_TOKEN = 'test-twilio-auth-token';
const INBOUND_URL = 'http://localhost:5001/api/sms/inbound';

/** A client whose number is confirmed (written directly: the code flow is phone.test.ts's). */
async function withNumber(app: FastifyInstance, timezone: string, phone: string) {
  const user = await createClient(app, { timezone });
  await app.database.db
    .update(users)
    .set({ phone, phoneConfirmedAt: new Date() })
    .where(eq(users.id, user.id));
  return user.id;
}

/** Queues one text and makes its job due at `at` (a test's instant, past or future). */
async function queueAt(db: Db, at: Date, request: Parameters<typeof queueSms>[1]) {
  const id = await queueSms(db, request);
  await db
    .update(jobs)
    .set({ runAt: at })
    .where(eq(jobs.key, `sms:${id}`));
  return id;
}

const rowOf = async (db: Db, id: string) => {
  const [row] = await db
    .select({
      status: smsMessages.status,
      reason: smsMessages.reason,
      sendAfter: smsMessages.sendAfter,
      sentAt: smsMessages.sentAt,
      gatewayRef: smsMessages.gatewayRef,
      body: smsMessages.body,
    })
    .from(smsMessages)
    .where(eq(smsMessages.id, id));
  return row!;
};

describe('the send job: quiet hours, STOP and the daily cap (outbox)', () => {
  const t = useTestApp({ TWILIO_AUTH_TOKEN: WEBHOOK_TOKEN, SMS_DAILY_CAP: '3' });
  const db = () => t.app.database.db;
  const textsTo = async (phone: string) =>
    (await outboxTexts(t.dataDir)).filter((text) => text.to === phone);

  it('writes a file per text in DATA_DIR/outbox-sms/ with the number and the body', async () => {
    const userId = await withNumber(t.app, 'America/New_York', '+12125550101');
    const at = new Date('2026-06-10T15:00:00Z'); // 11:00 in New York
    const id = await queueAt(db(), at, {
      userId,
      phone: '+12125550101',
      kind: 'reminder',
      body: 'Slotwise reminder: Haircut with Pia Barber on Thu 11 Jun, 14:00.',
    });
    await t.app.jobs.runDue(at);
    const files = await fs.readdir(path.join(t.dataDir, 'outbox-sms'));
    expect(files.some((name) => name.endsWith('.txt'))).toBe(true);
    expect(await textsTo('+12125550101')).toEqual([
      {
        to: '+12125550101',
        body: 'Slotwise reminder: Haircut with Pia Barber on Thu 11 Jun, 14:00. Reply STOP to stop texts.',
      },
    ]);
    const row = await rowOf(db(), id);
    expect(row.status).toBe('sent');
    expect(row.sentAt).toEqual(at);
    expect(row.gatewayRef).toMatch(/\.txt$/);
  });

  it('defers a text due in quiet hours to 08:00 in the recipient zone, across a change of the clocks', async () => {
    // Auckland ends daylight time on 2026-04-05: 22:00 NZDT on the 4th → 08:00 NZST on the 5th.
    const userId = await withNumber(t.app, 'Pacific/Auckland', '+64211234501');
    const late = new Date('2026-04-04T09:00:00Z');
    const id = await queueAt(db(), late, {
      userId,
      phone: '+64211234501',
      kind: 'reminder',
      body: 'Slotwise reminder: late.',
    });
    await t.app.jobs.runDue(late);
    const deferred = await rowOf(db(), id);
    expect(deferred).toMatchObject({ status: 'deferred', reason: 'quiet_hours' });
    expect(deferred.sendAfter).toEqual(new Date('2026-04-04T20:00:00Z'));
    await t.app.jobs.runDue(new Date('2026-04-04T19:59:00Z'));
    expect(await textsTo('+64211234501')).toEqual([]);
    await t.app.jobs.runDue(new Date('2026-04-04T20:00:00Z'));
    expect(await rowOf(db(), id)).toMatchObject({ status: 'sent' });
    expect(await textsTo('+64211234501')).toHaveLength(1);
  });

  it('defers in New York across spring forward (2026-03-08) and fall back (2026-11-01)', async () => {
    const userId = await withNumber(t.app, 'America/New_York', '+12125550102');
    const spring = await queueAt(db(), new Date('2026-03-08T06:30:00Z'), {
      userId,
      phone: '+12125550102',
      kind: 'reminder',
      body: 'Spring.',
    });
    await t.app.jobs.runDue(new Date('2026-03-08T06:30:00Z'));
    expect((await rowOf(db(), spring)).sendAfter).toEqual(new Date('2026-03-08T12:00:00Z'));
    await t.app.jobs.runDue(new Date('2026-03-08T12:00:00Z'));
    expect((await rowOf(db(), spring)).status).toBe('sent');

    const fall = await queueAt(db(), new Date('2026-11-01T05:30:00Z'), {
      userId,
      phone: '+12125550102',
      kind: 'reminder',
      body: 'Fall.',
    });
    await t.app.jobs.runDue(new Date('2026-11-01T05:30:00Z'));
    expect((await rowOf(db(), fall)).sendAfter).toEqual(new Date('2026-11-01T13:00:00Z'));
    await t.app.jobs.runDue(new Date('2026-11-01T12:59:00Z'));
    expect((await rowOf(db(), fall)).status).toBe('deferred');
    await t.app.jobs.runDue(new Date('2026-11-01T13:00:00Z'));
    expect((await rowOf(db(), fall)).status).toBe('sent');
  });

  it('defers in Tokyo by its own clock, and drops a text whose hold ends before 08:00', async () => {
    const userId = await withNumber(t.app, 'Asia/Tokyo', '+819012345601');
    // 23:30 in Tokyo (14:30Z), 10:30 in New York: quiet for the recipient, whatever the server's zone.
    const late = new Date('2026-06-10T14:30:00Z');
    const deferred = await queueAt(db(), late, {
      userId,
      phone: '+819012345601',
      kind: 'reminder',
      body: 'Tokyo.',
    });
    const held = await queueAt(db(), late, {
      userId,
      phone: '+819012345601',
      kind: 'waitlist',
      body: 'A time opened.',
      notAfter: new Date(late.getTime() + 15 * 60_000),
    });
    await t.app.jobs.runDue(late);
    expect((await rowOf(db(), deferred)).sendAfter).toEqual(new Date('2026-06-10T23:00:00Z'));
    expect(await rowOf(db(), held)).toMatchObject({
      status: 'suppressed',
      reason: 'too_late_after_quiet_hours',
    });
    await t.app.jobs.runDue(new Date('2026-06-10T23:00:00Z'));
    expect((await textsTo('+819012345601')).map((text) => text.body)).toEqual([
      'Tokyo. Reply STOP to stop texts.',
    ]);
  });

  it('refuses an inbound text without the right signature (403)', async () => {
    const payload = 'From=%2B12125550103&Body=STOP';
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe('FORBIDDEN');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('another-token', INBOUND_URL, {
          From: '+12125550103',
          Body: 'STOP',
        }),
      },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    // Signed for other fields than those sent.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(WEBHOOK_TOKEN, INBOUND_URL, {
          From: '+12125550103',
          Body: 'START',
        }),
      },
      payload,
    });
    expect(tampered.statusCode).toBe(403);
    const optOuts = await db()
      .select()
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, '+12125550103'));
    expect(optOuts).toEqual([]);
  });

  it('STOP ends texts to the number for every account; START resumes them', async () => {
    const phone = '+12125550104';
    const first = await withNumber(t.app, 'America/New_York', phone);
    const second = await withNumber(t.app, 'America/New_York', phone);
    const inbound = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(WEBHOOK_TOKEN, INBOUND_URL, fields),
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const stop = await inbound({
      MessageSid: 'SM1',
      From: phone,
      To: '+15005550006',
      Body: ' stop ',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<Response/>');

    const day = new Date('2026-06-12T15:00:00Z');
    const toFirst = await queueAt(db(), day, { userId: first, phone, kind: 'reminder', body: 'A' });
    const toSecond = await queueAt(db(), day, {
      userId: second,
      phone,
      kind: 'reminder',
      body: 'B',
    });
    await t.app.jobs.runDue(day);
    expect(await rowOf(db(), toFirst)).toMatchObject({ status: 'suppressed', reason: 'opted_out' });
    expect(await rowOf(db(), toSecond)).toMatchObject({
      status: 'suppressed',
      reason: 'opted_out',
    });

    expect((await inbound({ From: phone, Body: 'UNSTOP' })).statusCode).toBe(200);
    const after = await queueAt(db(), day, { userId: first, phone, kind: 'reminder', body: 'C' });
    await t.app.jobs.runDue(day);
    expect((await rowOf(db(), after)).status).toBe('sent');
    expect((await textsTo(phone)).map((text) => text.body)).toEqual([
      'C Reply STOP to stop texts.',
    ]);

    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) {
      await inbound({ From: phone, Body: word });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toHaveLength(
        1,
      );
      await inbound({ From: phone, Body: 'START' });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
    }
    // Anything else changes nothing.
    await inbound({ From: phone, Body: 'Thanks, see you' });
    expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
  });

  it('sends at most SMS_DAILY_CAP texts to a number in 24 hours; the rest are suppressed', async () => {
    const phone = '+12125550105';
    const userId = await withNumber(t.app, 'America/New_York', phone);
    const morning = new Date('2026-06-15T13:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const at = new Date(morning.getTime() + i * 3_600_000);
      ids.push(await queueAt(db(), at, { userId, phone, kind: 'reminder', body: `Text ${i}` }));
      await t.app.jobs.runDue(at);
    }
    const rows = await Promise.all(ids.map((id) => rowOf(db(), id)));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'suppressed']);
    expect(rows[3]!.reason).toBe('daily_cap');
    expect(await textsTo(phone)).toHaveLength(3);
    // A day after the first one, a text goes again.
    const next = new Date(morning.getTime() + 24 * 3_600_000 + 60_000);
    const later = await queueAt(db(), next, { userId, phone, kind: 'reminder', body: 'Next day' });
    await t.app.jobs.runDue(next);
    expect((await rowOf(db(), later)).status).toBe('sent');
  });

  it('does not text a number no longer confirmed on the account', async () => {
    const phone = '+12125550106';
    const userId = await withNumber(t.app, 'America/New_York', phone);
    const at = new Date('2026-06-16T15:00:00Z');
    const id = await queueAt(db(), at, { userId, phone, kind: 'reminder', body: 'Gone' });
    await db()
      .update(users)
      .set({ phone: null, phoneConfirmedAt: null })
      .where(eq(users.id, userId));
    await t.app.jobs.runDue(at);
    expect(await rowOf(db(), id)).toMatchObject({
      status: 'suppressed',
      reason: 'number_not_confirmed',
    });
  });
});

describe('the Twilio gateway (TWILIO_* set), against a local stand-in', () => {
  it('posts To/From/Body with Basic auth, keeps the SID, and retries a failure', async () => {
    const twilio = await startFakeTwilio();
    const made = await createTestApp({
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: WEBHOOK_TOKEN,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
    });
    try {
      const db = made.app.database.db;
      const user = await createClient(made.app, { timezone: 'Europe/London' });
      await db
        .update(users)
        .set({ phone: '+447911123401', phoneConfirmedAt: new Date() })
        .where(eq(users.id, user.id));
      expect(made.app.sms.gateway.name).toBe('twilio');
      const at = new Date('2026-06-10T10:00:00Z'); // 11:00 in London
      twilio.state.status = 500;
      const id = await queueAt(db, at, {
        userId: user.id,
        phone: '+447911123401',
        kind: 'reminder',
        body: 'Slotwise reminder: Massage with Ann Lee on Wed 10 Jun, 15:00.',
      });
      const failing = await made.app.jobs.runDue(at);
      expect(failing.retried).toBe(1);
      expect((await rowOf(db, id)).status).toBe('queued');

      twilio.state.status = 201;
      const retry = new Date(at.getTime() + 60 * 60_000);
      await made.app.jobs.runDue(retry);
      expect(twilio.requests).toHaveLength(2);
      const request = twilio.requests[1]!;
      expect(request.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
      expect(request.authorization).toBe(
        `Basic ${Buffer.from(`AC0123456789abcdef:${WEBHOOK_TOKEN}`).toString('base64')}`,
      );
      expect(request.form).toEqual({
        To: '+447911123401',
        From: '+15005550006',
        Body: 'Slotwise reminder: Massage with Ann Lee on Wed 10 Jun, 15:00. Reply STOP to stop texts.',
      });
      expect(await rowOf(db, id)).toMatchObject({
        status: 'sent',
        gatewayRef: 'SM00000000000000000000000000000002',
      });
      // No file in the outbox with Twilio in use.
      expect(await outboxTexts(made.dataDir)).toEqual([]);
    } finally {
      await made.close();
      await twilio.close();
    }
  });
});
