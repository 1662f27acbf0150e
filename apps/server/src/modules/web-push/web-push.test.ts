import fs from 'node:fs/promises';
import path from 'node:path';
import { PHONE_MESSAGES, PUSH_SUBSCRIPTIONS_PER_USER } from '@slotwise/shared/phones-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createTestApp, type TestApp, useTestApp } from '../../../test/helpers/app';
import { book, createProviderWithSlots, createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import {
  type BrowserKeys,
  browserKeys,
  type PushEndpoint,
  startPushEndpoint,
} from '../../../test/helpers/push-endpoint';
import { asUser } from '../../../test/helpers/requests';
import { jobs, pushSubscriptions } from '../../db/schema';
import { PUSH_JOB } from './push-queue';

/** Web push (docs/product.md §20.2): subscriptions, and what reaches a push service. */

let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(() => endpoint.close());

let devices = 0;
/** A browser of `user` subscribed at a new path of the local push service. */
async function subscribeDevice(t: TestApp, user: TestUser) {
  const keys = browserKeys();
  const name = `device-${++devices}`;
  const res = await asUser(t.app, user).post('/api/push/subscriptions', {
    endpoint: endpoint.url(name),
    keys: keys.keys,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { name, keys, url: endpoint.url(name) };
}

const pushesTo = (name: string) => endpoint.received.filter((push) => push.path === name);
const opened = (keys: BrowserKeys, name: string) =>
  pushesTo(name).map((push) => JSON.parse(keys.decrypt(push.body)) as Record<string, string>);

describe('web push subscriptions', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });

  it('GET /api/push/public-key: the VAPID key, public, generated once into DATA_DIR', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(first.statusCode).toBe(200);
    const { key } = first.json<{ key: string }>();
    // An uncompressed P-256 point: 65 bytes, base64url.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = JSON.parse(await fs.readFile(path.join(t.dataDir, 'vapid.json'), 'utf8'));
    expect(stored.publicKey).toBe(key);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(again.json()).toEqual({ key });
  });

  it('subscribes, lists its own, unsubscribes; another account or an unknown endpoint is a 404', async () => {
    const client = await createClient(t.app);
    const other = await createClient(t.app);
    const device = await subscribeDevice(t, client);
    const mine = await asUser(t.app, client).get('/api/push/subscriptions');
    expect(mine.json().subscriptions).toEqual([
      expect.objectContaining({ endpoint: device.url, id: expect.any(String) }),
    ]);
    expect((await asUser(t.app, other).get('/api/push/subscriptions')).json()).toEqual({
      subscriptions: [],
    });
    const theirs = await asUser(t.app, other).delete('/api/push/subscriptions', {
      endpoint: device.url,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(PHONE_MESSAGES.subscriptionNotFound);
    const off = await asUser(t.app, client).delete('/api/push/subscriptions', {
      endpoint: device.url,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: PHONE_MESSAGES.pushOff });
    const gone = await asUser(t.app, client).delete('/api/push/subscriptions', {
      endpoint: device.url,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('the answer of a subscription, and bad input as a 400 with the field at fault', async () => {
    const user = await createProvider(t.app);
    const keys = browserKeys();
    const res = await asUser(t.app, user).post('/api/push/subscriptions', {
      endpoint: endpoint.url('answer'),
      keys: keys.keys,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: PHONE_MESSAGES.pushOn,
      subscription: expect.objectContaining({ endpoint: endpoint.url('answer') }),
    });
    for (const body of [
      { endpoint: 'not a url', keys: keys.keys },
      { endpoint: endpoint.url('x'), keys: { p256dh: 'short', auth: keys.keys.auth } },
      { endpoint: endpoint.url('x') },
    ]) {
      const bad = await asUser(t.app, user).post('/api/push/subscriptions', body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await asUser(t.app, null).post('/api/push/subscriptions', {
      endpoint: endpoint.url('x'),
      keys: keys.keys,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an endpoint already subscribed moves to whoever subscribes it now', async () => {
    const first = await createClient(t.app);
    const second = await createProvider(t.app);
    const device = await subscribeDevice(t, first);
    const keys = browserKeys();
    const moved = await asUser(t.app, second).post('/api/push/subscriptions', {
      endpoint: device.url,
      keys: keys.keys,
    });
    expect(moved.statusCode).toBe(201);
    expect(
      (await asUser(t.app, first).get('/api/push/subscriptions')).json().subscriptions,
    ).toEqual([]);
    const rows = await t.app.database.db
      .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.url));
    expect(rows).toEqual([{ userId: second.id, p256dh: keys.keys.p256dh }]);
  });

  it(`at most ${PUSH_SUBSCRIPTIONS_PER_USER} per account: the oldest goes`, async () => {
    const user = await createClient(t.app);
    const made: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_USER; i++)
      made.push((await subscribeDevice(t, user)).url);
    const listed = (await asUser(t.app, user).get('/api/push/subscriptions')).json()
      .subscriptions as { endpoint: string }[];
    expect(listed).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(listed.map((s) => s.endpoint)).not.toContain(made[0]);
    expect(listed.map((s) => s.endpoint)).toContain(made[PUSH_SUBSCRIPTIONS_PER_USER]);
  });
});

describe('web push endpoints on private networks; VAPID keys from the settings', () => {
  const configured = webPush.generateVAPIDKeys();
  const t = useTestApp({
    VAPID_PUBLIC_KEY: configured.publicKey,
    VAPID_PRIVATE_KEY: configured.privateKey,
  });

  it('answers the configured public key and generates none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.json()).toEqual({ key: configured.publicKey });
    await expect(fs.access(path.join(t.dataDir, 'vapid.json'))).rejects.toThrow();
  });

  it('refuses loopback, private and plain-http endpoints (400 URL_NOT_ALLOWED)', async () => {
    const user = await createClient(t.app);
    for (const url of [
      endpoint.url('private'),
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://localhost/push',
      'http://push.example.com/push',
    ]) {
      const res = await asUser(t.app, user).post('/api/push/subscriptions', {
        endpoint: url,
        keys: browserKeys().keys,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'URL_NOT_ALLOWED',
        fieldErrors: { endpoint: expect.any(String) },
      });
    }
  });
});

describe('pushes: encrypted, VAPID-signed, to every device of the recipient only', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1' });

  const pushJobs = () =>
    t.app.database.db
      .select({ status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, PUSH_JOB));

  it('a booking reaches each device of the provider (not the client, not anyone else)', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 1);
    const client = await createClient(t.app, { firstName: 'Casey', lastName: 'Jones' });
    const stranger = await createProvider(t.app);
    const phone = await subscribeDevice(t, provider);
    const laptop = await subscribeDevice(t, provider);
    const clientDevice = await subscribeDevice(t, client);
    const strangerDevice = await subscribeDevice(t, stranger);
    const appointmentId = await book(t.app, client, slots[0]!.id);
    await t.app.jobs.runDue();

    const key = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().key;
    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device.name);
      expect(pushesTo(device.name)).toHaveLength(1);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.ttl).toBe('86400');
      expect(push!.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
      );
      const [opened1] = opened(device.keys, device.name);
      expect(opened1).toEqual({
        title: MESSAGES.titleNewAppointment,
        body: expect.stringContaining('Casey Jones booked'),
        url: '/dashboard/appointments',
        tag: `appointment:${appointmentId}`,
      });
    }
    expect(pushesTo(clientDevice.name)).toEqual([]);
    expect(pushesTo(strangerDevice.name)).toEqual([]);

    // The client cancels: the provider is told, the client still is not.
    const cancel = await asUser(t.app, client).patch(`/api/appointment/cancel/${appointmentId}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.runDue();
    const [, canceled] = opened(phone.keys, phone.name);
    expect(canceled).toMatchObject({
      title: MESSAGES.titleCanceledByClient,
      url: '/dashboard/appointments',
    });
    expect(pushesTo(clientDevice.name)).toEqual([]);
  });

  it('nothing is queued or sent when the cell is off, or when the recipient has no device', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const device = await subscribeDevice(t, provider);
    const before = (await pushJobs()).length;
    const off = await asUser(t.app, provider).patch('/api/profile/notification-preferences', {
      channels: { booking: { push: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await book(t.app, client, slots[0]!.id);
    // No device at all: nothing either.
    const { slots: others } = await createProviderWithSlots(t.app, 1);
    await book(t.app, client, others[0]!.id);
    await t.app.jobs.runDue();
    expect((await pushJobs()).length).toBe(before);
    expect(pushesTo(device.name)).toEqual([]);
    // Back on: the next booking is pushed.
    await asUser(t.app, provider).patch('/api/profile/notification-preferences', {
      channels: { booking: { push: true } },
    });
    await book(t.app, client, slots[1]!.id);
    await t.app.jobs.runDue();
    expect(pushesTo(device.name)).toHaveLength(1);
  });

  it('404 or 410 from the push service deletes the subscription; a 500 retries the job', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const gone = await subscribeDevice(t, provider);
    const flaky = await subscribeDevice(t, provider);
    endpoint.answer(gone.name, 410);
    endpoint.answer(flaky.name, 500);
    await book(t.app, client, slots[0]!.id);
    const run = await t.app.jobs.runDue();
    expect(run.retried).toBeGreaterThanOrEqual(1);
    expect(pushesTo(gone.name)).toHaveLength(1);
    expect(pushesTo(flaky.name)).toHaveLength(1);
    const left = await t.app.database.db
      .select({ endpoint: pushSubscriptions.endpoint, failures: pushSubscriptions.failures })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, provider.id));
    expect(left).toEqual([{ endpoint: flaky.url, failures: 1 }]);
    const pending = await t.app.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, PUSH_JOB), eq(jobs.status, 'pending')));
    expect(pending).toHaveLength(1);
    // The service is back: the retry (after its backoff) reaches the device.
    endpoint.answer(flaky.name, 201);
    await t.app.jobs.runDue(new Date(Date.now() + 60 * 60_000));
    expect(pushesTo(flaky.name)).toHaveLength(2);
    expect(JSON.parse(flaky.keys.decrypt(pushesTo(flaky.name)[1]!.body)).title).toBe(
      MESSAGES.titleNewAppointment,
    );
  });

  it('a new message is pushed to the other participant', async () => {
    const client = await createClient(t.app, { firstName: 'Cleo' });
    const provider = await createProvider(t.app);
    const device = await subscribeDevice(t, provider);
    const opened1 = await asUser(t.app, client).post('/api/conversations', {
      providerId: provider.providerId,
    });
    const conversationId = opened1.json().conversation.id as string;
    const sent = await asUser(t.app, client).post(`/api/conversations/${conversationId}/messages`, {
      body: 'Is parking available?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.jobs.runDue();
    expect(opened(device.keys, device.name)).toEqual([
      {
        title: 'Cleo sent you a new message',
        body: 'Is parking available?',
        url: `/messages/${conversationId}`,
        tag: `conversation:${conversationId}`,
      },
    ]);
  });

  it('reminders are pushed when they are due (24 h and 2 h before)', async () => {
    const provider = await createProvider(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 3 * 24 * 60 });
    const client = await createClient(t.app);
    const device = await subscribeDevice(t, client);
    const appointmentId = await book(t.app, client, slot.id);
    const at = (hoursBefore: number) =>
      new Date(slot.startsAt.getTime() - hoursBefore * 3_600_000 + 60_000);
    // The reminder job stores the reminder and queues its push; the same run delivers it.
    await t.app.jobs.runDue(at(24));
    expect(opened(device.keys, device.name)).toEqual([
      {
        title: expect.stringMatching(/^Reminder: Consultation with .+ in 24 hours$/),
        body: expect.stringMatching(/starts in 24 hours\.$/),
        url: '/client/appointments',
        tag: `reminder:${appointmentId}:24`,
      },
    ]);
    await t.app.jobs.runDue(at(2));
    expect(opened(device.keys, device.name).map((p) => p.title)).toEqual([
      expect.stringMatching(/in 24 hours$/),
      expect.stringMatching(/in 2 hours$/),
    ]);
  });
});

describe('a booking push is delivered at once, not at the next poll', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A worker polling once a minute: only the prompt run can deliver within a second.
    t = await createTestApp({ ALLOW_PRIVATE_URLS: '1', JOBS_POLL_INTERVAL_MS: '60000' });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('reaches the provider within a second of the answer', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 1);
    const client = await createClient(t.app);
    const device = await subscribeDevice(t, provider);
    const arrived = endpoint.next(device.name, 1_000);
    const answeredAt = Date.now();
    await book(t.app, client, slots[0]!.id);
    const push = await arrived;
    expect(Date.now() - answeredAt).toBeLessThan(1_000);
    expect(JSON.parse(device.keys.decrypt(push.body)).title).toBe(MESSAGES.titleNewAppointment);
  });
});
