import { DEFAULT_CHANNELS, PHONE_MESSAGES } from '@slotwise/shared/phones-schemas';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import {
  browserKeys,
  type PushEndpoint,
  startPushEndpoint,
} from '../../../test/helpers/push-endpoint';
import { asUser } from '../../../test/helpers/requests';
import { offerSlots } from '../waitlist/offers';

/**
 * The event × channel matrix (docs/product.md §20.4) over HTTP, and the mail and push sites that
 * read it: SPEC's two fields still work and are three of its cells; waitlist × email and
 * message × email stop their mail; push cells stop pushes.
 */

describe('notification preferences: the matrix', () => {
  const t = useMailTestApp({
    env: { ALLOW_PRIVATE_URLS: '1', MAIL_FROM: 'Slotwise <no-reply@slotwise.test>' },
    ownMailOnly: true,
  });
  let endpoint: PushEndpoint;
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
  });
  afterAll(() => endpoint.close());

  const prefs = async (user: TestUser) => {
    const res = await asUser(t.app, user).get('/api/profile/notification-preferences');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preferences;
  };
  const patch = (user: TestUser, body: Record<string, unknown>) =>
    asUser(t.app, user).patch('/api/profile/notification-preferences', body);

  it('defaults: mail on, push on, SMS off; the devices and whether SMS can be on', async () => {
    const client = await createClient(t.app);
    expect(await prefs(client)).toEqual({
      emailReminders: true,
      emailBookingUpdates: true,
      channels: DEFAULT_CHANNELS,
      push_devices: 0,
      sms_ready: false,
    });
    const keys = browserKeys();
    const on = await asUser(t.app, client).post('/api/push/subscriptions', {
      endpoint: endpoint.url('prefs-device'),
      keys: keys.keys,
    });
    expect(on.statusCode, on.body).toBe(201);
    expect((await prefs(client)).push_devices).toBe(1);
  });

  it('a part of the matrix round-trips; SPEC fields keep working and move their cells', async () => {
    const user = await createProvider(t.app);
    const saved = await patch(user, {
      channels: { reminder: { push: false }, message: { email: false }, waitlist: { push: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = structuredClone(DEFAULT_CHANNELS);
    expected.reminder.push = false;
    expected.message.email = false;
    expected.waitlist.push = false;
    expect(saved.json().preferences.channels).toEqual(expected);
    expect(await prefs(user)).toMatchObject({
      emailReminders: true,
      emailBookingUpdates: true,
      channels: expected,
    });

    // booking × email and change × email move together, whichever is set.
    const change = await patch(user, { channels: { change: { email: false } } });
    expect(change.json().preferences).toMatchObject({
      emailBookingUpdates: false,
      channels: { booking: { email: false }, change: { email: false } },
    });
    const spec = await patch(user, { emailBookingUpdates: true, emailReminders: false });
    expect(spec.json().preferences).toMatchObject({
      emailReminders: false,
      emailBookingUpdates: true,
      channels: {
        booking: { email: true },
        change: { email: true },
        reminder: { email: false, push: false },
        message: { email: false },
      },
    });
    const cell = await patch(user, { channels: { reminder: { email: true } } });
    expect(cell.json().preferences.emailReminders).toBe(true);
  });

  it('SMS on without a confirmed number is a 400; a malformed matrix too', async () => {
    const user = await createClient(t.app);
    const sms = await patch(user, { channels: { reminder: { sms: true } } });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toMatchObject({
      error: PHONE_MESSAGES.smsNeedsPhone,
      fieldErrors: { channels: PHONE_MESSAGES.smsNeedsPhone },
    });
    expect((await prefs(user)).channels.reminder.sms).toBe(false);
    for (const body of [
      { channels: { reminder: { fax: true } } },
      { channels: { holiday: { push: true } } },
      { channels: { reminder: { push: 'yes' } } },
      { channels: {} },
    ]) {
      const bad = await patch(user, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
  });

  /** A waitlist offer to a new client (with a device): the client and the device's path. */
  async function offerTo(setup: (client: TestUser) => Promise<void>) {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 30 * 60 });
    const client = await createClient(t.app);
    const keys = browserKeys();
    const path = `offer-${client.id}`;
    await asUser(t.app, client).post('/api/push/subscriptions', {
      endpoint: endpoint.url(path),
      keys: keys.keys,
    });
    const joined = await asUser(t.app, client).post('/api/waitlist', {
      providerId: provider.providerId,
      windows: [{ date: slot.day }],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await setup(client);
    const offers = await offerSlots(t.app.database.db, t.app.waitlist.settings, [slot.id]);
    expect(offers).toHaveLength(1);
    await t.app.jobs.runDue();
    const pushed = endpoint.received
      .filter((push) => push.path === path)
      .map((push) => JSON.parse(keys.decrypt(push.body)) as { title: string; url: string });
    return { client, pushed, mails: await mailsTo(t.smtp.messages, client.email) };
  }

  it('a waitlist offer is mailed and pushed; waitlist × email off stops the mail only', async () => {
    const on = await offerTo(async () => {});
    expect(on.mails).toHaveLength(1);
    expect(on.pushed).toEqual([
      expect.objectContaining({ title: WAITLIST_MESSAGES.offerTitle, url: '/waitlist' }),
    ]);
    const mailOff = await offerTo(async (client) => {
      expect((await patch(client, { channels: { waitlist: { email: false } } })).statusCode).toBe(
        200,
      );
    });
    expect(mailOff.mails).toEqual([]);
    expect(mailOff.pushed).toHaveLength(1);
    const pushOff = await offerTo(async (client) => {
      await patch(client, { channels: { waitlist: { push: false } } });
    });
    expect(pushOff.mails).toHaveLength(1);
    expect(pushOff.pushed).toEqual([]);
  });

  it('message × email off: no unread digest', async () => {
    const client = await createClient(t.app, { firstName: 'Cleo' });
    const provider = await createProvider(t.app);
    expect((await patch(provider, { channels: { message: { email: false } } })).statusCode).toBe(
      200,
    );
    const opened = await asUser(t.app, client).post('/api/conversations', {
      providerId: provider.providerId,
    });
    const id = opened.json().conversation.id as string;
    const sent = await asUser(t.app, client).post(`/api/conversations/${id}/messages`, {
      body: 'Anyone there?',
    });
    expect(sent.statusCode).toBe(201);
    await t.app.jobs.runDue(new Date(Date.now() + 16 * 60_000));
    expect(await mailsTo(t.smtp.messages, provider.email)).toEqual([]);
    // Back on: the next message's digest goes.
    await patch(provider, { channels: { message: { email: true } } });
    await asUser(t.app, client).post(`/api/conversations/${id}/messages`, { body: 'Hello?' });
    await t.app.jobs.runDue(new Date(Date.now() + 32 * 60_000));
    expect((await mailsTo(t.smtp.messages, provider.email)).map((m) => m.subject)).toEqual([
      'Cleo sent you a new message',
    ]);
  });
});
