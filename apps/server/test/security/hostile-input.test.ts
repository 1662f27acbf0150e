import { bookingPolicySchema } from '@slotwise/shared/policies-schemas';
import {
  emailFormSchema,
  profileUpdateSchema,
  providerProfileBodySchema,
  registerBodySchema,
} from '@slotwise/shared/accounts-schemas';
import { timeOffBodySchema, weeklyHoursBodySchema } from '@slotwise/shared/availability-schemas';
import {
  bookingBodySchema,
  rescheduleBodySchema,
} from '@slotwise/shared/appointments-booking-schemas';
import { bulkCreateTimeslotsBodySchema } from '@slotwise/shared/availability-slot-run-schemas';
import {
  createConversationBodySchema,
  sendMessageBodySchema,
} from '@slotwise/shared/messages-schemas';
import {
  forgotPasswordSchema,
  notificationPreferencesPatchSchema,
} from '@slotwise/shared/email-schemas';
import {
  createTimeslotBodySchema,
  updateTimeslotBodySchema,
} from '@slotwise/shared/availability-slot-schemas';
import { createReviewBodySchema, reviewReplyBodySchema } from '@slotwise/shared/reviews-schemas';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createServiceBodySchema,
  updateServiceBodySchema,
} from '@slotwise/shared/catalogue-schemas';
import { isValidTimeZone } from '../../src/modules/accounts/service';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestUser } from '../helpers/factories';
import { expectErrorBody } from './assertions';
import { HTTP_MATRIX } from './authorization-matrix';
import { changedTables, type DbState, dbState } from './db-snapshot';
import {
  brokenSegments,
  encodeSegment,
  hostileBody,
  hostileId,
  hostileQuery,
  hostileString,
  rawBody,
  RUNS,
} from './hostile';
import { buildWorld, type World } from './world';
import { asUser } from '../helpers/requests';

/**
 * Property-based: whatever a client sends, the answer is never a 5xx; a rejection is a 4xx with
 * the docs/product.md §10.2 body and leaves every table exactly as it was (row counts and an md5 of every
 * row). Inputs that the shared schema rejects MUST be rejected. HOSTILE_RUNS sets the runs per
 * property (default 40).
 */

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the server sees of a JSON body (undefined dropped, -0 → 0, NaN → null). */
const overTheWire = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

interface JsonEndpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url(world: World): string;
  /** Who calls (null: anonymous). */
  caller(world: World): TestUser | null;
  valid(world: World): Body;
  /** Would a correct server get past input validation with this body? */
  accepts(body: unknown, world: World): boolean;
  /** Tables a rejection may legitimately write to. */
  tolerate?: string[];
  /** Also sent as multipart/form-data (register and profile update read forms). */
  multipart?: boolean;
}

/** An endpoint at a path without ids, named by its method and path; `schema` says what passes. */
const fixedPath = (
  method: JsonEndpoint['method'],
  path: string,
  caller: JsonEndpoint['caller'],
  valid: JsonEndpoint['valid'],
  schema: z.ZodType,
): JsonEndpoint => ({
  name: `${method} ${path}`,
  method,
  url: () => path,
  caller,
  valid,
  accepts: (body) => passes(schema, body),
});

/** The same at a path of one record: `route`'s `:id` is `id(world)`. */
const recordPath = (
  method: JsonEndpoint['method'],
  route: string,
  id: (world: World) => string | null,
  caller: JsonEndpoint['caller'],
  valid: JsonEndpoint['valid'],
  schema: z.ZodType,
): JsonEndpoint => ({
  ...fixedPath(method, route, caller, valid, schema),
  url: (w) => route.replace(':id', String(id(w))),
});

/** An id no record has: whatever passes validation answers 404. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    name: 'POST /api/auth/register',
    method: 'POST',
    url: () => '/api/auth/register',
    caller: () => null,
    valid: () => ({
      firstName: 'Hal',
      lastName: 'Tile',
      email: 'hostile-register@example.test',
      password: 'Secret123',
      role: 'client',
      timezone: 'Europe/Paris',
    }),
    accepts: (body) => {
      if (!isObject(body) || !passes(registerBodySchema, body)) return false;
      const zone = registerBodySchema.parse(body).timezone;
      return !zone || isValidTimeZone(zone);
    },
    multipart: true,
  },
  fixedPath(
    'POST',
    '/api/auth/register/provider',
    () => null,
    (w) => ({ userId: w.client.id, specialty: 'Plumber', bio: 'Pipes.' }),
    providerProfileBodySchema,
  ),
  {
    name: 'POST /api/auth/verify-email',
    method: 'POST',
    url: () => '/api/auth/verify-email',
    caller: () => null,
    valid: () => ({ token: 'x'.repeat(43) }),
    // No generated token is a real one: every body is refused.
    accepts: () => false,
  },
  fixedPath(
    'POST',
    '/api/verify-email',
    () => null,
    () => ({ email: 'nobody@example.test' }),
    emailFormSchema,
  ),
  fixedPath(
    'POST',
    '/api/auth/forgot-password',
    () => null,
    () => ({ email: 'nobody@example.test' }),
    forgotPasswordSchema,
  ),
  {
    name: 'POST /api/auth/reset-password',
    method: 'POST',
    url: () => '/api/auth/reset-password',
    caller: () => null,
    valid: () => ({ token: 'x'.repeat(43), password: 'Secret123' }),
    // No generated token is a real one: every body is refused.
    accepts: () => false,
  },
  {
    name: 'POST /api/email/unsubscribe',
    method: 'POST',
    // A well-formed token whose signature is wrong: every request is refused, whatever the body.
    url: () => `/api/email/unsubscribe?token=${'A'.repeat(44)}`,
    caller: () => null,
    valid: () => ({ 'List-Unsubscribe': 'One-Click' }),
    accepts: () => false,
  },
  fixedPath(
    'PATCH',
    '/api/profile/notification-preferences',
    (w) => w.client,
    () => ({ emailReminders: false, emailBookingUpdates: true }),
    notificationPreferencesPatchSchema,
  ),
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    url: () => '/api/auth/login',
    caller: () => null,
    valid: (w) => ({ email: w.client.email, password: 'WrongPassword1' }),
    // Never the right password: every body is refused; a 401 records a failed attempt.
    accepts: () => false,
    tolerate: ['login_failures'],
  },
  {
    name: 'PATCH /api/profile/update (client)',
    method: 'PATCH',
    url: () => '/api/profile/update',
    caller: (w) => w.client,
    valid: (w) => ({ firstName: 'Olive', lastName: 'Owner', email: w.client.email }),
    accepts: (body, w) => {
      const parsed = profileUpdateSchema('client').safeParse(body);
      return isObject(body) && parsed.success && parsed.data.email.toLowerCase() === w.client.email;
    },
    multipart: true,
  },
  {
    name: 'PATCH /api/profile/update (provider)',
    method: 'PATCH',
    url: () => '/api/profile/update',
    caller: (w) => w.provider,
    valid: (w) => ({
      firstName: 'Paula',
      lastName: 'Provider',
      email: w.provider.email,
      specialty: 'Barber',
      bio: 'Ten years of experience.',
    }),
    accepts: (body, w) => {
      const parsed = profileUpdateSchema('provider').safeParse(body);
      return (
        isObject(body) && parsed.success && parsed.data.email.toLowerCase() === w.provider.email
      );
    },
    multipart: true,
  },
  fixedPath(
    'POST',
    '/api/timeslots/create',
    (w) => w.provider,
    (w) => ({ day: w.futureDay(400), startTime: '10:00', endTime: '10:30', type: 'Cut' }),
    createTimeslotBodySchema,
  ),
  fixedPath(
    'POST',
    '/api/timeslots/bulk-create',
    (w) => w.provider,
    (w) => ({
      dates: [w.futureDay(401)],
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
      breakMinutes: 0,
      type: 'Cut',
    }),
    bulkCreateTimeslotsBodySchema,
  ),
  recordPath(
    'PATCH',
    '/api/timeslots/update/:id',
    (w) => w.freeSlotId,
    (w) => w.provider,
    (w) => ({ day: w.futureDay(402), startTime: '11:00', endTime: '11:30', type: 'Cut' }),
    updateTimeslotBodySchema,
  ),
  // The other provider's policy: the world books the provider's slots, never the other's.
  fixedPath(
    'PUT',
    '/api/provider/policy',
    (w) => w.otherProvider,
    () => ({
      minNoticeMinutes: 0,
      maxAdvanceDays: 730,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
    }),
    bookingPolicySchema,
  ),
  // The other provider: generated slots and time off never meet the world's fresh slots.
  fixedPath(
    'PUT',
    '/api/availability/weekly',
    (w) => w.otherProvider,
    () => ({
      rules: [{ weekday: 1, start: '23:00', end: '23:30', slotMinutes: 30, breakMinutes: 0 }],
      horizonWeeks: 1,
    }),
    weeklyHoursBodySchema,
  ),
  fixedPath(
    'POST',
    '/api/availability/time-off',
    (w) => w.otherProvider,
    (w) => ({ from: w.futureDay(300), to: w.futureDay(301), reason: 'Away' }),
    timeOffBodySchema,
  ),
  fixedPath(
    'POST',
    '/api/services',
    (w) => w.provider,
    () => ({ name: 'Cut', duration_minutes: 30, price_cents: 2500, currency: 'USD' }),
    createServiceBodySchema,
  ),
  recordPath(
    'PATCH',
    '/api/services/:id',
    (w) => w.serviceId,
    (w) => w.provider,
    () => ({ name: 'Cut', price_cents: 2600, currency: 'EUR', description: 'Short' }),
    updateServiceBodySchema,
  ),
  fixedPath(
    'POST',
    '/api/appointment/booking',
    (w) => w.otherClient,
    () => ({ timeslotId: UNKNOWN_ID }),
    bookingBodySchema,
  ),
  recordPath(
    'PATCH',
    '/api/appointment/reschedule/:id',
    (w) => w.appointmentId,
    (w) => w.client,
    () => ({ newTimeslotId: UNKNOWN_ID }),
    rescheduleBodySchema,
  ),
  // Trust: an unknown appointment / review, so whatever passes validation answers 404.
  fixedPath(
    'POST',
    '/api/reviews',
    (w) => w.client,
    () => ({ appointmentId: UNKNOWN_ID, rating: 5, comment: 'Great service' }),
    createReviewBodySchema,
  ),
  recordPath(
    'POST',
    '/api/reviews/:id/reply',
    () => UNKNOWN_ID,
    (w) => w.provider,
    () => ({ comment: 'Thank you!' }),
    reviewReplyBodySchema,
  ),
  recordPath(
    'PATCH',
    '/api/reviews/:id/reply',
    () => UNKNOWN_ID,
    (w) => w.provider,
    () => ({ comment: 'Thank you again!' }),
    reviewReplyBodySchema,
  ),
  fixedPath(
    'POST',
    '/api/conversations',
    (w) => w.otherClient,
    (w) => ({ providerId: w.provider.providerId }),
    createConversationBodySchema,
  ),
  recordPath(
    'POST',
    '/api/conversations/:id/messages',
    (w) => w.conversationId,
    (w) => w.client,
    () => ({ body: 'See you at ten.' }),
    sendMessageBodySchema,
  ),
];

interface IdEndpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url(id: string): string;
  caller(world: World): TestUser | null;
  payload?: Body;
}

/** An endpoint of one record, named by its method and route, called with each id under test. */
const idRoute = (
  method: IdEndpoint['method'],
  route: string,
  caller: IdEndpoint['caller'],
  payload?: Body,
): IdEndpoint => ({
  name: `${method} ${route}`,
  method,
  url: (id) => route.replace(':id', id),
  caller,
  payload,
});

const ID_ENDPOINTS: IdEndpoint[] = [
  idRoute('PATCH', '/api/appointment/cancel/:id', (w) => w.client),
  idRoute('PATCH', '/api/appointment/reschedule/:id', (w) => w.client, {
    newTimeslotId: UNKNOWN_ID,
  }),
  idRoute('PATCH', '/api/appointment/provider/cancel/:id', (w) => w.provider),
  idRoute('PATCH', '/api/timeslots/update/:id', (w) => w.provider, { type: 'Cut' }),
  idRoute('DELETE', '/api/timeslots/delete/:id', (w) => w.provider),
  idRoute('DELETE', '/api/availability/time-off/:id', (w) => w.provider),
  idRoute('PATCH', '/api/services/:id', (w) => w.provider, { price_cents: 100 }),
  idRoute('DELETE', '/api/services/:id', (w) => w.provider),
  idRoute('PATCH', '/api/notifications/:id/read', (w) => w.client),
  idRoute('GET', '/api/profile/providers/:id', (w) => w.client),
  idRoute('GET', '/api/search/providers/:id/available-slots', (w) => w.client),
  idRoute('GET', '/uploads/:id', () => null),
  idRoute('PATCH', '/api/appointment/provider/no-show/:id', (w) => w.provider),
  idRoute('GET', '/api/providers/:id/reviews', () => null),
  idRoute('POST', '/api/reviews/:id/reply', (w) => w.provider, { comment: 'Thanks' }),
  idRoute('PATCH', '/api/reviews/:id/reply', (w) => w.provider, { comment: 'Thanks' }),
  idRoute('GET', '/api/conversations/:id/messages', (w) => w.client),
  idRoute('POST', '/api/conversations/:id/messages', (w) => w.client, { body: 'hello' }),
  idRoute('PATCH', '/api/conversations/:id/read', (w) => w.client),
];

/** A GET whose query string is under test, at `route` (its `:id`, if any, is `id(world)`). */
const queryRoute = (
  route: string,
  keys: string[],
  caller: (world: World) => TestUser,
  id?: (world: World) => string | null,
) => ({
  label: route,
  path: (w: World) => (id ? route.replace(':id', String(id(w))) : route),
  keys,
  caller,
});

const QUERY_ENDPOINTS = [
  queryRoute(
    '/api/search/providers',
    [
      'q',
      'specialty',
      'category',
      'near',
      'placeId',
      'radiusKm',
      'date',
      'priceMax',
      'minRating',
      'sort',
      'cursor',
      'page',
      'limit',
    ],
    (w) => w.client,
  ),
  queryRoute(
    '/api/search/providers/:id/available-slots',
    ['from', 'to'],
    (w) => w.client,
    (w) => w.provider.providerId,
  ),
  queryRoute('/api/notifications', ['page', 'pageSize'], (w) => w.client),
  queryRoute('/api/conversations', ['cursor', 'limit'], (w) => w.client),
  queryRoute(
    '/api/conversations/:id/messages',
    ['cursor', 'limit'],
    (w) => w.provider,
    (w) => w.conversationId,
  ),
  // Public; a token changes nothing.
  queryRoute('/api/places', ['q', 'limit'], (w) => w.client),
  queryRoute('/api/timeslots/view', ['include', 'from', 'to'], (w) => w.provider),
  queryRoute(
    '/api/providers/:id/reviews',
    ['cursor', 'limit'],
    (w) => w.client,
    (w) => w.provider.providerId,
  ),
  // Public (the token is the credential); a GET never changes a preference.
  queryRoute('/api/email/unsubscribe', ['token'], (w) => w.client),
  queryRoute('/api/appointment/provider/view', ['status', 'limit', 'cursor'], (w) => w.provider),
  queryRoute('/api/appointment/view', ['limit', 'cursor'], (w) => w.client),
];

describe('hostile input', () => {
  let t: TestApp;
  let world: World;
  let last: DbState;
  let total = 0;
  let generated = 0;
  let refused = 0;
  let inProperty = false;

  /** fc.assert, counting the requests it generates (shrinking included). */
  async function assertProperty<T>(property: fc.IAsyncPropertyWithHooks<T>, numRuns: number) {
    inProperty = true;
    try {
      await fc.assert(property, { numRuns });
    } finally {
      inProperty = false;
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t.app);
    last = await dbState(t.app.database.db);
  });
  afterAll(async () => {
    console.log(
      `[security] hostile input: ${generated} generated cases run (${RUNS} runs per property) ` +
        `+ ${total - generated} fixed ones; ${refused} refused with a 4xx, ` +
        `${total - refused} accepted, no 5xx`,
    );
    await t?.close();
  });

  const headersOf = (caller: TestUser | null): Record<string, string> =>
    caller ? { ...caller.headers } : {};

  /**
   * Sends one request and checks the invariants: no 5xx; a 4xx carries the error body and
   * changed no table (but `tolerate`); `mustReject` inputs are refused.
   */
  async function probe(
    label: string,
    options: InjectOptions,
    {
      mustReject,
      tolerate = [],
      readOnly = false,
    }: { mustReject: boolean; tolerate?: string[]; readOnly?: boolean },
  ): Promise<LightMyRequestResponse> {
    total++;
    if (inProperty) generated++;
    const res = await t.app.inject(options);
    const detail = `${label}: ${res.statusCode} ${res.body.slice(0, 300)}\n  request: ${String(options.url).slice(0, 200)} ${String(options.payload ?? '').slice(0, 300)}`;
    if (res.statusCode >= 500) throw new Error(`server error — ${detail}`);
    const after = await dbState(t.app.database.db, last);
    const changed = changedTables(last.tables, after.tables).filter(
      (name) => !tolerate.includes(name),
    );
    last = after;
    if (res.statusCode >= 400) {
      refused++;
      expectErrorBody(res, label);
      if (changed.length > 0)
        throw new Error(`a rejected request changed ${changed.join(', ')} — ${detail}`);
    } else {
      if (mustReject) throw new Error(`invalid input was accepted — ${detail}`);
      if (readOnly && changed.length > 0)
        throw new Error(`a read changed ${changed.join(', ')} — ${detail}`);
    }
    return res;
  }

  const json = (endpoint: JsonEndpoint, body: unknown): InjectOptions => ({
    method: endpoint.method,
    url: endpoint.url(world),
    headers: { ...headersOf(endpoint.caller(world)), 'content-type': 'application/json' },
    payload: JSON.stringify(body) ?? '',
  });

  describe.each(JSON_ENDPOINTS)('$name', (endpoint) => {
    it('JSON bodies: wrong types, missing/extra fields, huge, unicode, NUL, SQL, HTML, bad dates', async () => {
      await assertProperty(
        fc.asyncProperty(hostileBody(endpoint.valid(world)), async (body) => {
          await probe(endpoint.name, json(endpoint, body), {
            mustReject: !endpoint.accepts(overTheWire(body), world),
            tolerate: endpoint.tolerate,
          });
        }),
        RUNS,
      );
    });

    it('raw bodies: broken JSON, prototype pollution, wrong content types', async () => {
      await assertProperty(
        fc.asyncProperty(rawBody, async ({ contentType, body }) => {
          let parsed: unknown;
          let isJson = contentType.startsWith('application/json');
          try {
            parsed = JSON.parse(body);
          } catch {
            isJson = false;
          }
          await probe(
            endpoint.name,
            {
              method: endpoint.method,
              url: endpoint.url(world),
              headers: { ...headersOf(endpoint.caller(world)), 'content-type': contentType },
              payload: body,
            },
            {
              mustReject: !(isJson && endpoint.accepts(parsed, world)),
              tolerate: endpoint.tolerate,
            },
          );
        }),
        Math.ceil(RUNS / 2),
      );
    });
  });

  describe.each(JSON_ENDPOINTS.filter((endpoint) => endpoint.multipart))('$name', (endpoint) => {
    it('multipart forms: hostile fields, junk files', async () => {
      const file = fc.option(
        fc.record({
          field: fc.constantFrom('profilePic', 'profilePic', 'avatar', ''),
          name: fc.constantFrom(
            'me.png',
            '../../etc/passwd',
            'x.svg',
            'a\u0000.jpg',
            '<img src=x>.gif',
            '',
          ),
          type: fc.constantFrom(
            'image/png',
            'image/svg+xml',
            'text/html',
            'application/octet-stream',
          ),
          data: fc.uint8Array({ minLength: 1, maxLength: 2_000 }),
        }),
      );
      await assertProperty(
        fc.asyncProperty(hostileBody(endpoint.valid(world)), file, async (body, upload) => {
          const form = new FormData();
          const fields: Record<string, string> = {};
          if (isObject(body)) {
            for (const [key, value] of Object.entries(body)) {
              if (value === undefined) continue;
              fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
              form.append(key, fields[key]);
            }
          }
          if (upload)
            form.append(upload.field, new Blob([upload.data], { type: upload.type }), upload.name);
          await probe(
            `${endpoint.name} (multipart)`,
            {
              method: endpoint.method,
              url: endpoint.url(world),
              headers: headersOf(endpoint.caller(world)),
              payload: form,
            },
            // A part with an empty file name is a plain field (what a browser sends for an empty
            // file input); random bytes under a name are never an image.
            {
              mustReject:
                (upload !== null && upload.name !== '') || !endpoint.accepts(fields, world),
            },
          );
        }),
        RUNS,
      );
    });
  });

  describe.each(ID_ENDPOINTS)('$name', (endpoint) => {
    it('non-UUID and unknown ids in the path: 400 or 404, never more', async () => {
      // A segment '.' or '..' never reaches the server as an id: URL resolution removes it
      // before the request is sent (RFC 3986 §5.2.4; app.inject does the same).
      const segment = fc.oneof(
        { weight: 6, arbitrary: hostileId.filter((id) => !/^\.\.?$/.test(id)).map(encodeSegment) },
        { weight: 1, arbitrary: fc.constantFrom(...brokenSegments) },
      );
      await assertProperty(
        fc.asyncProperty(segment, async (id) => {
          const res = await probe(
            endpoint.name,
            {
              method: endpoint.method,
              url: endpoint.url(id),
              headers: headersOf(endpoint.caller(world)),
              ...(endpoint.payload ? { payload: endpoint.payload } : {}),
            },
            { mustReject: true },
          );
          expect([400, 404], `${endpoint.name} ${id}: ${res.body}`).toContain(res.statusCode);
        }),
        RUNS,
      );
    });
  });

  it('junk query strings on every GET endpoint of the matrix, and on the ones that take a query', async () => {
    const targets: { label: string; keys: string[]; caller: TestUser; path(): Promise<string> }[] =
      [
        ...QUERY_ENDPOINTS.map((q) => ({
          label: q.label,
          keys: q.keys,
          caller: q.caller(world),
          path: async () => q.path(world),
        })),
        ...HTTP_MATRIX.filter((row) => row.method === 'GET').map((row) => ({
          label: row.route,
          keys: ['q', 'page', 'id'],
          caller: row.owner === 'client' ? world.client : world.provider,
          path: async () => (await row.request(world, null)).url.split('?')[0]!,
        })),
      ];
    await assertProperty(
      fc.asyncProperty(
        fc
          .integer({ min: 0, max: targets.length - 1 })
          .chain((i) => fc.tuple(fc.constant(targets[i]!), hostileQuery(targets[i]!.keys))),
        async ([target, query]) => {
          await probe(
            `GET ${target.label}?…`,
            {
              method: 'GET',
              url: `${await target.path()}?${query}`,
              headers: headersOf(target.caller),
            },
            { mustReject: false, readOnly: true },
          );
        },
      ),
      RUNS * 4,
    );
  });

  it('known-invalid queries are refused with 400', async () => {
    const cases = [
      '/api/search/providers?page=0',
      '/api/search/providers?page=-1',
      '/api/search/providers?page=1e9',
      '/api/search/providers?limit=51',
      '/api/search/providers?limit=abc',
      `/api/search/providers?q=${'a'.repeat(101)}`,
      '/api/search/providers?page=1&page=2',
      // Public discovery (docs/product.md §11.2).
      '/api/search/providers?near=91,181',
      '/api/search/providers?near=45,-200',
      '/api/search/providers?near=abc',
      '/api/search/providers?near=1,2&radiusKm=-1',
      '/api/search/providers?near=1,2&radiusKm=1e9',
      '/api/search/providers?radiusKm=5',
      '/api/search/providers?limit=10000',
      `/api/search/providers?q=${'a'.repeat(2000)}`,
      '/api/search/providers?q=ana%00',
      '/api/search/providers?specialty=%00',
      '/api/search/providers?sort=best',
      '/api/search/providers?sort=distance',
      '/api/search/providers?cursor=garbage',
      '/api/search/providers?cursor=eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/search/providers?placeId=999999999',
      '/api/search/providers?placeId=abc',
      '/api/search/providers?category=astronaut',
      '/api/search/providers?date=2025-02-30',
      '/api/search/providers?priceMax=-1',
      '/api/search/providers?minRating=6',
      `/api/search/providers/${world.provider.providerId}/available-slots?from=2025-02-30`,
      `/api/search/providers/${world.provider.providerId}/available-slots?from=2030-01-02&to=2030-01-01`,
      '/api/notifications?pageSize=101',
      '/api/notifications?page=-5',
      '/api/timeslots/view?include=all',
      '/api/timeslots/view?from=2030-01-02',
      '/api/timeslots/view?from=2025-02-30&to=2025-03-01',
      '/api/timeslots/view?from=2030-01-02&to=2030-01-01',
      '/api/timeslots/view?from=2030-01-01&to=2030-12-31',
      `/api/providers/${world.provider.providerId}/reviews?limit=0`,
      `/api/providers/${world.provider.providerId}/reviews?limit=51`,
      `/api/providers/${world.provider.providerId}/reviews?cursor=junk`,
      '/api/appointment/provider/view?status=done',
      '/api/appointment/provider/view?limit=51',
      '/api/appointment/provider/view?status=booked&cursor=junk',
      '/api/appointment/view?limit=0',
      '/api/appointment/view?cursor=YTF8MHwyMDI2LTEzLTQ1VDAwOjAwOjAwLjAwMDAwMFp8eA',
      '/api/conversations?limit=0',
      '/api/conversations?cursor=not-a-uuid',
      `/api/conversations/${world.conversationId}/messages?limit=51`,
      `/api/conversations/${world.conversationId}/messages?cursor=${UNKNOWN_ID}`,
    ];
    for (const url of cases) {
      const caller = /^\/api\/(timeslots|appointment\/provider)/.test(url)
        ? world.provider
        : world.client;
      const res = await probe(
        url,
        { method: 'GET', url, headers: headersOf(caller) },
        { mustReject: true },
      );
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('impossible dates and times name the field: 2025-02-30, 24:00:00, 9:5', async () => {
    const day = world.futureDay(500);
    const cases: [Body, string][] = [
      [{ day: '2025-02-30', startTime: '10:00', endTime: '10:30' }, 'day'],
      [{ day, startTime: '24:00:00', endTime: '10:30' }, 'startTime'],
      [{ day, startTime: '9:5', endTime: '10:30' }, 'startTime'],
      [{ day, startTime: '10:00', endTime: '24:00:00' }, 'endTime'],
      [{ day, startTime: '10:00', endTime: '10:60' }, 'endTime'],
    ];
    for (const [body, field] of cases) {
      const res = await probe(
        'POST /api/timeslots/create',
        {
          method: 'POST',
          url: '/api/timeslots/create',
          headers: world.provider.headers,
          payload: body,
        },
        { mustReject: true },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  describe('mass assignment: extra fields never reach the database', () => {
    it('a created slot belongs to the caller and is free, whatever the body claims', async () => {
      const res = await probe(
        'create slot with extras',
        {
          method: 'POST',
          url: '/api/timeslots/create',
          headers: world.provider.headers,
          payload: {
            day: world.futureDay(600),
            startTime: '10:00',
            endTime: '10:30',
            id: '00000000-0000-4000-8000-000000000001',
            providerId: world.otherProvider.providerId,
            provider_id: world.otherProvider.providerId,
            isBooked: true,
            is_booked: true,
          },
        },
        { mustReject: false },
      );
      expect(res.statusCode).toBe(201);
      const { slot } = res.json();
      expect(slot.id).not.toBe('00000000-0000-4000-8000-000000000001');
      expect(slot.is_booked).toBe(false);
      const mine = await asUser(t.app, world.provider).get('/api/timeslots/view');
      expect(mine.json().slots.map((s: { id: string }) => s.id)).toContain(slot.id);
    });

    it('a booking is the caller’s, booked, whatever the body claims', async () => {
      const slot = await world.freshSlot();
      const res = await probe(
        'book with extras',
        {
          method: 'POST',
          url: '/api/appointment/booking',
          headers: world.otherClient.headers,
          payload: {
            timeslotId: slot.id,
            clientId: world.client.id,
            status: 'completed',
            providerId: world.otherProvider.providerId,
          },
        },
        { mustReject: false },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().appointment).toMatchObject({
        status: 'booked',
        provider_id: world.provider.providerId,
      });
      const theirs = await asUser(t.app, world.client).get('/api/appointment/view');
      expect(theirs.json().appointments.map((a: { id: string }) => a.id)).not.toContain(
        res.json().appointment.id,
      );
    });

    it('registration cannot choose an unknown role or pre-verify the address', async () => {
      const email = 'sneaky@example.test';
      const base = { firstName: 'Sly', lastName: 'Fox', email, password: 'Secret123' };
      const admin = await probe(
        'register as admin',
        { method: 'POST', url: '/api/auth/register', payload: { ...base, role: 'admin' } },
        { mustReject: true },
      );
      expect(admin.statusCode).toBe(400);
      const created = await probe(
        'register pre-verified',
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            ...base,
            emailVerifiedAt: new Date().toISOString(),
            email_verified_at: '2020-01-01',
            verified: true,
          },
        },
        { mustReject: false },
      );
      expect(created.statusCode).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Secret123' },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('EMAIL_NOT_VERIFIED');
    });

    it('a profile update cannot change role, email or someone else’s account', async () => {
      const res = await probe(
        'profile update with extras',
        {
          method: 'PATCH',
          url: '/api/profile/update',
          headers: world.otherClient.headers,
          payload: {
            firstName: 'Oscar',
            lastName: 'Other',
            email: world.otherClient.email,
            role: 'provider',
            id: world.client.id,
            userId: world.client.id,
            passwordHash: '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA',
          },
        },
        { mustReject: false },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().profile).toMatchObject({
        id: world.otherClient.id,
        role: 'client',
        providerId: null,
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: world.otherClient.email, password: world.otherClient.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('onboarding cannot take over a client or a completed provider', async () => {
      for (const userId of [world.client.id, world.provider.id]) {
        const res = await probe(
          'register/provider takeover',
          {
            method: 'POST',
            url: '/api/auth/register/provider',
            payload: { userId, specialty: 'Hacker', bio: 'x' },
          },
          { mustReject: true },
        );
        expect([404, 409]).toContain(res.statusCode);
      }
    });
  });

  it('a search for SQL and LIKE wildcards matches literally', async () => {
    for (const q of ["' OR '1'='1", '%', '_', '%_%', '\\', "paula' --"]) {
      const res = await probe(
        `search ${q}`,
        {
          method: 'GET',
          url: `/api/search/providers?q=${encodeURIComponent(q)}`,
          headers: world.client.headers,
        },
        { mustReject: false, readOnly: true },
      );
      expect(res.statusCode).toBe(200);
      // Literal matching: a wildcard or quote never widens the search. Earlier generated cases
      // may have created providers whose names really contain such characters, so the
      // assertion is that every hit contains the query as typed (each word of it).
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      for (const provider of res.json().providers as {
        first_name: string;
        last_name: string;
        specialty: string | null;
      }[]) {
        const text =
          `${provider.first_name} ${provider.last_name} ${provider.specialty ?? ''}`.toLowerCase();
        for (const word of words) expect(text, `${q} matched ${text}`).toContain(word);
      }
    }
  });

  it('a hostile string stored as a name comes back byte for byte', async () => {
    await assertProperty(
      fc.asyncProperty(
        hostileString.filter(
          (s) =>
            s.trim().length > 0 && s.trim().length <= 50 && s === s.trim() && !s.includes('\u0000'),
        ),
        async (name) => {
          const res = await probe(
            'profile name round trip',
            {
              method: 'PATCH',
              url: '/api/profile/update',
              headers: world.otherClient.headers,
              payload: { firstName: name, lastName: 'Other', email: world.otherClient.email },
            },
            { mustReject: false },
          );
          if (res.statusCode !== 200) return; // refused (e.g. too long in UTF-16 units): fine
          const profile = await asUser(t.app, world.otherClient).get('/api/profile');
          expect(profile.json().profile.firstName).toBe(res.json().profile.firstName);
        },
      ),
      Math.ceil(RUNS / 2),
    );
  });
});
