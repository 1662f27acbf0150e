import { createHash } from 'node:crypto';
import { PHONE_MESSAGES } from '@slotwise/shared/phones-schemas';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { confirmNumber, lastCodeTo, outboxTexts } from '../../../test/helpers/sms';
import { phoneConfirmations, smsMessages } from '../../db/schema';
import { readChannels } from '../notifications/channel-preferences';

/** The phone number on the profile (docs/product.md §20.3). */
describe('the phone number: set, confirm by a texted code, remove', () => {
  const t = useTestApp();
  afterEach(() => vi.useRealTimers());

  const profilePhone = async (user: { headers: Record<string, string> }) =>
    (await asUser(t.app, user).get('/api/profile')).json().profile.phone;

  it('refuses what is not a mobile number with its country code, field by field', async () => {
    const client = await createClient(t.app);
    for (const phone of ['12345', '4155550123', '+442071838750', 'call me', '']) {
      const res = await asUser(t.app, client).patch('/api/profile/phone', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fieldErrors).toEqual({ phone: PHONE_MESSAGES.phoneInvalid });
    }
    const none = await asUser(t.app, client).patch('/api/profile/phone', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.phone).toBe(PHONE_MESSAGES.phoneInvalid);
    expect(await profilePhone(client)).toBeNull();
  });

  it('texts a code at once, stores only its hash, and confirming turns SMS on', async () => {
    const client = await createClient(t.app, { timezone: 'America/New_York' });
    const res = await asUser(t.app, client).patch('/api/profile/phone', {
      phone: '+1 (415) 555-0123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: PHONE_MESSAGES.codeSent,
      phone: { number: '+14155550123', confirmed: false },
    });
    expect(await profilePhone(client)).toEqual({ number: '+14155550123', confirmed: false });

    // Sent at once, even at 03:00 in the client's zone: a code is never deferred.
    await t.app.jobs.runDue(new Date(Math.max(Date.now(), Date.parse('2030-01-01T08:00:00Z'))));
    const code = await lastCodeTo(t.dataDir, '+14155550123');
    const [stored] = await t.app.database.db
      .select()
      .from(phoneConfirmations)
      .where(eq(phoneConfirmations.userId, client.id));
    expect(stored!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const texts = (await outboxTexts(t.dataDir)).filter((x) => x.to === '+14155550123');
    expect(texts.at(-1)!.body).toBe(
      `Your Slotwise code is ${code}. It expires in 10 minutes. Reply STOP to stop texts.`,
    );

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await asUser(t.app, client).post('/api/profile/phone/confirm', {
      code: wrongCode,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.codeWrong });
    const malformed = await asUser(t.app, client).post('/api/profile/phone/confirm', {
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.codeInvalid });

    const ok = await asUser(t.app, client).post('/api/profile/phone/confirm', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: PHONE_MESSAGES.phoneConfirmed,
      phone: { number: '+14155550123', confirmed: true },
    });
    expect(await profilePhone(client)).toEqual({ number: '+14155550123', confirmed: true });
    const matrix = await readChannels(t.app.database.db, client.id);
    expect([matrix.reminder.sms, matrix.waitlist.sms]).toEqual([true, true]);
    expect([matrix.booking.sms, matrix.change.sms, matrix.message.sms]).toEqual([
      false,
      false,
      false,
    ]);
    // The code is used up.
    const again = await asUser(t.app, client).post('/api/profile/phone/confirm', { code });
    expect(again.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.noPendingCode });
  });

  it('lets a code expire after 10 minutes and after 5 wrong tries', async () => {
    const client = await createClient(t.app);
    await asUser(t.app, client).patch('/api/profile/phone', { phone: '+447911123456' });
    await t.app.jobs.runDue(new Date());
    const code = await lastCodeTo(t.dataDir, '+447911123456');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const late = await asUser(t.app, client).post('/api/profile/phone/confirm', { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.codeExpired });
    vi.useRealTimers();

    await asUser(t.app, client).patch('/api/profile/phone', { phone: '+447911123456' });
    await t.app.jobs.runDue(new Date());
    const fresh = await lastCodeTo(t.dataDir, '+447911123456');
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await asUser(t.app, client).post('/api/profile/phone/confirm', {
        code: wrongCode,
      });
      expect(res.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.codeWrong });
    }
    const sixth = await asUser(t.app, client).post('/api/profile/phone/confirm', { code: fresh });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().fieldErrors).toEqual({ code: PHONE_MESSAGES.codeExpired });
    expect(await profilePhone(client)).toEqual({ number: '+447911123456', confirmed: false });
  });

  it('sends at most 5 codes an hour to an account (429)', async () => {
    const provider = await createProvider(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await asUser(t.app, provider).patch('/api/profile/phone', {
        phone: '+33612345678',
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await asUser(t.app, provider).patch('/api/profile/phone', {
      phone: '+33612345679',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(PHONE_MESSAGES.tooManyCodes);
    const codes = await t.app.database.db
      .select({ phone: smsMessages.phone })
      .from(smsMessages)
      .where(eq(smsMessages.userId, provider.id));
    expect(codes).toHaveLength(5);
    expect(await profilePhone(provider)).toEqual({ number: '+33612345678', confirmed: false });
  });

  it('removes the number and turns its SMS cells off', async () => {
    const client = await createClient(t.app);
    await confirmNumber(t.app, t.dataDir, client, '+819012345678');
    const res = await asUser(t.app, client).delete('/api/profile/phone');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PHONE_MESSAGES.phoneRemoved, phone: null });
    expect(await profilePhone(client)).toBeNull();
    const matrix = await readChannels(t.app.database.db, client.id);
    expect([matrix.reminder.sms, matrix.waitlist.sms]).toEqual([false, false]);
  });

  it('asks who is calling', async () => {
    const res = await asUser(t.app, null).patch('/api/profile/phone', { phone: '+14155550123' });
    expect(res.statusCode).toBe(401);
  });
});
