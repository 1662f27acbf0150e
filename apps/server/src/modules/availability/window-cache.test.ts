import { addDays } from '@slotwise/shared/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { windowVariant } from '../../push/provider-window-cache';
import { testConfig, useTestApp } from '../../../test/helpers/app';
import {
  book,
  createProviderWithSlots,
  type TestSlot,
} from '../../../test/helpers/booking-factories';
import { bindSlotToService, createService } from '../../../test/helpers/catalogue-factories';
import { createClient, type TestUser } from '../../../test/helpers/factories';
import { setPolicy } from '../../../test/helpers/policy-helpers';

/**
 * docs/decisions/057: the week view and the available slots are answered from a per-provider
 * cache, and every change is seen by the next read — through the API, plain SQL, or another
 * instance. Each step reads first (so the answer is cached), changes, then reads again.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (there the other instance hears of
 * changes over LISTEN/NOTIFY, asynchronously: the push barrier is what makes it current).
 */

interface WeekSlot {
  id: string;
  start_time: string;
  is_booked: boolean;
  client_first_name: string | null;
}

interface Available {
  availableSlots: { id: string; price_cents?: number | null }[];
}

async function weekOn(app: FastifyInstance, provider: TestUser, from: string) {
  const res = await app.inject({
    url: `/api/timeslots/view?from=${from}&to=${addDays(from, 6)}`,
    headers: provider.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: WeekSlot[] }).slots;
}

interface ListPage {
  appointments: { id: string; status: string; client_first_name: string }[];
  nextCursor: string | null;
}

/** The first page of the provider's own list (the one kept in the cache), as text and parsed. */
async function firstPageOn(app: FastifyInstance, provider: TestUser, query = 'limit=5') {
  const res = await app.inject({
    url: `/api/appointment/provider/view?${query}`,
    headers: provider.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: res.body, page: res.json() as ListPage };
}

async function availableOn(app: FastifyInstance, providerId: string, client: TestUser) {
  const res = await app.inject({
    url: `/api/search/providers/${providerId}/available-slots`,
    headers: client.headers,
  });
  return res;
}

const sqlOn = (app: FastifyInstance, query: ReturnType<typeof sql>) =>
  app.database.db.execute(query);

describe('the provider window cache on one instance', () => {
  const t = useTestApp();

  /** The week's answer is cached now (so the next read after a change proves the drop). */
  const weekCached = (provider: TestUser, from: string) =>
    t.app.windowCache.get(
      'week',
      provider.providerId!,
      windowVariant({ from, to: addDays(from, 6) }),
      performance.now(),
    );

  it('the week view shows every change at once: slot edits, booking, renaming, completing, cancelling', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 3);
    const client = await createClient(t.app, { firstName: 'Cached', lastName: 'Client' });
    const from = slots[0]!.day;
    const week = () => weekOn(t.app, provider, from);
    const slot = (id: string) => week().then((all) => all.find((s) => s.id === id));

    const first = await week();
    expect(first).toHaveLength(3);
    expect(await weekCached(provider, from)).not.toBeNull();
    expect(await week()).toEqual(first);

    // A slot created, edited, deleted through the API.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/timeslots/create',
      headers: provider.headers,
      payload: { day: addDays(from, 4), startTime: '10:00', endTime: '10:30' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json().slot.id as string;
    expect(await week()).toHaveLength(4);
    expect(await weekCached(provider, from)).not.toBeNull();
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/timeslots/update/${newId}`,
      headers: provider.headers,
      payload: { startTime: '11:00', endTime: '11:30' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await slot(newId))?.start_time).toBe('11:00:00');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/timeslots/delete/${newId}`,
      headers: provider.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await week()).toHaveLength(3);

    // Booked by a client (the claim: announced by the change fan-out, not a trigger).
    expect(await weekCached(provider, from)).not.toBeNull();
    const appointmentId = await book(t.app, client, slots[0]!.id);
    expect(await slot(slots[0]!.id)).toMatchObject({
      is_booked: true,
      client_first_name: 'Cached',
    });

    // The client renames themself (any writer: plain SQL).
    await sqlOn(t.app, sql`update users set first_name = 'Renamed' where id = ${client.id}::uuid`);
    expect((await slot(slots[0]!.id))?.client_first_name).toBe('Renamed');

    // Completed: the view names only a booked appointment's client.
    await sqlOn(
      t.app,
      sql`update appointments set status = 'completed' where id = ${appointmentId}::uuid`,
    );
    expect(await slot(slots[0]!.id)).toMatchObject({ is_booked: true, client_first_name: null });

    // Another booking marked as a no-show.
    const second = await book(t.app, client, slots[1]!.id);
    expect((await slot(slots[1]!.id))?.client_first_name).toBe('Renamed');
    await sqlOn(t.app, sql`update appointments set status = 'no_show' where id = ${second}::uuid`);
    expect((await slot(slots[1]!.id))?.client_first_name).toBeNull();

    // A third booking, cancelled by the client.
    const third = await book(t.app, client, slots[2]!.id);
    expect((await slot(slots[2]!.id))?.is_booked).toBe(true);
    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/cancel/${third}`,
      headers: client.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await slot(slots[2]!.id)).toMatchObject({ is_booked: false, client_first_name: null });
  });

  it('the first page of the provider’s list shows every change at once: booking, renaming, cancel, no-show', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 3);
    const client = await createClient(t.app, { firstName: 'Listed', lastName: 'Client' });
    const listCached = (variant: string) =>
      t.app.windowCache.get('list', provider.providerId!, variant, performance.now());
    const page = async (query?: string) => (await firstPageOn(t.app, provider, query)).page;

    expect((await page()).appointments).toEqual([]);
    expect(await listCached('-|5')).not.toBeNull();

    // Booked (the claim: announced by the change fan-out).
    const first = await book(t.app, client, slots[0]!.id);
    const second = await book(t.app, client, slots[1]!.id);
    const loaded = await firstPageOn(t.app, provider);
    expect(loaded.page.appointments.map((a) => a.id)).toEqual([first, second]);
    // Served from the cache: byte for byte what the schema's serializer wrote, and the full
    // list (never cached) agrees.
    expect(await listCached('-|5')).toBe(loaded.text);
    expect((await firstPageOn(t.app, provider)).text).toBe(loaded.text);
    const whole = await t.app.inject({
      url: '/api/appointment/provider/view',
      headers: provider.headers,
    });
    expect(whole.json().appointments).toEqual(loaded.page.appointments);

    // Each filter and size is its own entry.
    expect((await page('status=booked&limit=1')).appointments.map((a) => a.id)).toEqual([first]);
    expect((await page('status=canceled&limit=5')).appointments).toEqual([]);
    expect(await listCached('booked|1')).not.toBeNull();

    // The client renames themself (plain SQL; announced as 'w *').
    await sqlOn(t.app, sql`update users set first_name = 'Renamed' where id = ${client.id}::uuid`);
    expect((await page()).appointments.map((a) => a.client_first_name)).toEqual([
      'Renamed',
      'Renamed',
    ]);

    // Canceled by the client: it leaves the upcoming segment, and the filtered pages agree.
    await page('status=canceled&limit=5');
    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/cancel/${first}`,
      headers: client.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await page()).appointments.map((a) => [a.id, a.status])).toEqual([
      [second, 'booked'],
      [first, 'canceled'],
    ]);
    expect((await page('status=canceled&limit=5')).appointments.map((a) => a.id)).toEqual([first]);
    expect((await page('status=booked&limit=1')).appointments.map((a) => a.id)).toEqual([second]);

    // A no-show written by plain SQL (the 0015 trigger announces it).
    await sqlOn(t.app, sql`update appointments set status = 'no_show' where id = ${second}::uuid`);
    expect((await page()).appointments.map((a) => a.status)).toEqual(['no_show', 'canceled']);
  });

  it('never answers one provider’s list to another', async () => {
    const a = await createProviderWithSlots(t.app, 1);
    const b = await createProviderWithSlots(t.app, 1);
    const client = await createClient(t.app);
    const booked = await book(t.app, client, a.slots[0]!.id);
    expect((await firstPageOn(t.app, a.provider)).page.appointments.map((x) => x.id)).toEqual([
      booked,
    ]);
    expect((await firstPageOn(t.app, b.provider)).page.appointments).toEqual([]);
  });

  it('never answers one provider’s week to another', async () => {
    const a = await createProviderWithSlots(t.app, 2);
    const b = await createProviderWithSlots(t.app, 1);
    const from = a.slots[0]!.day;
    expect(await weekOn(t.app, a.provider, from)).toHaveLength(2);
    const ofB = await weekOn(t.app, b.provider, from);
    expect(ofB.map((s) => s.id)).toEqual(
      b.slots.filter((s) => s.day <= addDays(from, 6)).map((s) => s.id),
    );
  });

  it('the available slots show every change at once: booking, cancel, price, policy, unlisting', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 3);
    const client = await createClient(t.app);
    const id = provider.providerId!;
    const ids = async () => {
      const res = await availableOn(t.app, id, client);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Available).availableSlots.map((s) => s.id);
    };
    const cached = () =>
      t.app.windowCache.get('available', id, windowVariant({}), performance.now());
    const all = slots.map((s: TestSlot) => s.id);

    expect(await ids()).toEqual(all);
    expect(await cached()).not.toBeNull();
    const appointmentId = await book(t.app, client, slots[0]!.id);
    expect(await ids()).toEqual(all.slice(1));
    await ids();
    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/cancel/${appointmentId}`,
      headers: client.headers,
    });
    expect(canceled.statusCode).toBe(200);
    expect(await ids()).toEqual(all);

    // The price shown is the service's, as it is now.
    const service = await createService(t.app, provider, { price_cents: 2500 });
    await bindSlotToService(t.app, slots[1]!.id, service);
    const price = async () => {
      const res = await availableOn(t.app, id, client);
      return (res.json() as Available).availableSlots.find((s) => s.id === slots[1]!.id)
        ?.price_cents;
    };
    expect(await price()).toBe(2500);
    expect(await cached()).not.toBeNull();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/services/${service.id}`,
      headers: provider.headers,
      payload: { price_cents: 3100 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await price()).toBe(3100);

    // A day's notice: the slots of the next hours are no longer bookable.
    expect(await cached()).not.toBeNull();
    await setPolicy(t.app, provider, { minNoticeMinutes: 24 * 60 });
    expect(await ids()).toEqual([]);
    await setPolicy(t.app, provider, { minNoticeMinutes: 0 });
    expect(await ids()).toEqual(all);

    // Unlisted (0011's trigger derives `listed`): no longer found.
    expect(await cached()).not.toBeNull();
    await sqlOn(t.app, sql`update providers set specialty = null where id = ${id}::uuid`);
    expect((await availableOn(t.app, id, client)).statusCode).toBe(404);
  });
});

describe('the provider window cache across two instances on one database', () => {
  const t = useTestApp();
  let b: FastifyInstance;

  beforeAll(async () => {
    // A second instance: its own cache, barrier and listening connection, the same database.
    b = await buildApp(testConfig({ DATA_DIR: t.dataDir, JOBS_POLL_INTERVAL_MS: '0' }), {
      database: t.testDb.database,
      migrate: false,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('a change through instance A is seen by the next read on instance B', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const id = provider.providerId!;
    const from = slots[0]!.day;
    const availableOnB = async () =>
      ((await availableOn(b, id, client)).json() as Available).availableSlots.map((s) => s.id);

    for (let round = 0; round < 3; round++) {
      // B has the three answers cached…
      await weekOn(b, provider, from);
      await availableOnB();
      await firstPageOn(b, provider);
      expect(b.windowCache.size).toBeGreaterThanOrEqual(3);
      // …A books (a claim: announced after commit by A, before its answer) and B sees it.
      const appointmentId = await book(t.app, client, slots[0]!.id);
      expect((await weekOn(b, provider, from)).find((s) => s.id === slots[0]!.id)?.is_booked).toBe(
        true,
      );
      expect(await availableOnB()).toEqual([slots[1]!.id]);
      expect((await firstPageOn(b, provider)).page.appointments.map((x) => x.status)).toEqual([
        'booked',
        ...Array<string>(round).fill('canceled'),
      ]);
      // A cancels (the trigger announces it in the cancel's transaction).
      const canceled = await t.app.inject({
        method: 'PATCH',
        url: `/api/appointment/cancel/${appointmentId}`,
        headers: client.headers,
      });
      expect(canceled.statusCode).toBe(200);
      expect((await weekOn(b, provider, from)).find((s) => s.id === slots[0]!.id)?.is_booked).toBe(
        false,
      );
      expect(await availableOnB()).toEqual([slots[0]!.id, slots[1]!.id]);
    }

    // A slot edited through A.
    await weekOn(b, provider, from);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/timeslots/update/${slots[1]!.id}`,
      headers: provider.headers,
      payload: { type: 'Renamed slot' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const week = await weekOn(b, provider, from);
    expect(week.find((s) => s.id === slots[1]!.id)).toMatchObject({ type: 'Renamed slot' });
  });
});
