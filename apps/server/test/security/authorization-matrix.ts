import { randomUUID } from 'node:crypto';
import { createPasswordResetToken } from '../../src/modules/accounts/password-reset';
import { signUnsubscribeToken, unsubscribeKey } from '../../src/modules/email/unsubscribe';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createClient, type TestUser } from '../helpers/factories';
import { TRUST_ROWS } from './authorization-matrix-trust';
import type { World } from './world';
import { clientsOnly, clientsOwn, providersOnly, providersOwn, signedIn } from './expected';

/**
 * THE authorization table: every HTTP endpoint and every socket event of the app, with the
 * status each kind of caller must get. `authorization-matrix.test.ts` runs every cell and fails
 * when the app registers a route (or listens to a socket event) that is not in this table.
 *
 * Identities, resolved per row from its `owner` ('client' rows: the world's client owns the
 * resource and the provider of their appointment is the wrong role; 'provider' rows: the other
 * way round):
 * - anonymous: no Authorization header
 * - garbage: `Bearer not-a-jwt`
 * - expired: the owner's claims, signed with the real key, `exp` an hour ago
 * - revoked: a token of the owner that was logged out
 * - owner: a fresh token of the owner
 * - otherClient / otherProvider: fresh tokens of unrelated users
 * - wrongRole: a fresh token of the owner's counterpart (same appointment, other role)
 */
export const IDENTITIES = [
  'anonymous',
  'garbage',
  'expired',
  'revoked',
  'owner',
  'otherClient',
  'otherProvider',
  'wrongRole',
] as const;
export type Identity = (typeof IDENTITIES)[number];
export type Expected = Record<Identity, number>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixRequest {
  url: string;
  payload?: Record<string, unknown>;
}

export interface MatrixRow {
  method: Method;
  /** The route exactly as registered (prefix included). */
  route: string;
  /** Whose resource the request touches (decides owner, wrongRole, expired, revoked). */
  owner: 'client' | 'provider';
  /**
   * The request of one case. Called once per case, so a case that changes state (cancel,
   * delete, logout…) works on resources of its own. `caller` is null for token-less identities.
   */
  request(world: World, caller: TestUser | null): Promise<MatrixRequest> | MatrixRequest;
  expect: Expected;
}

/** A one-click unsubscribe link's token, signed as the app signs the ones in its mail. */
const unsubscribeToken = (userId: string, preference: 'emailReminders' | 'emailBookingUpdates') =>
  signUnsubscribeToken(
    unsubscribeKey(new TextEncoder().encode(TEST_JWT_SECRET)),
    userId,
    preference,
  );

/** The same status whoever asks (public endpoints: a token, valid or not, changes nothing). */
const everyone = (status: number): Expected => ({
  anonymous: status,
  garbage: status,
  expired: status,
  revoked: status,
  owner: status,
  otherClient: status,
  otherProvider: status,
  wrongRole: status,
});

/**
 * Public, but a token that is sent must be valid (docs/product.md §11.2 discovery): anonymous
 * callers get `status`, a garbage, expired or revoked token a 401, like everywhere else.
 */
const anyoneTokenChecked = (status: number): Expected => ({
  ...everyone(status),
  garbage: 401,
  expired: 401,
  revoked: 401,
});

/** A conversation's two participants (either role) get `status`; anyone else 404, never 403. */
const participantsOnly = (status: number) =>
  signedIn(status, { otherClient: 404, otherProvider: 404 });

const slotBody = (world: World) => ({
  day: world.futureDay(),
  startTime: '10:00',
  endTime: '10:30',
});

/** The profile modal's body for whoever calls (their own names and email: a no-op update). */
const profileBody = (caller: TestUser | null, world: World) => {
  const user = caller ?? world.client;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    specialty: 'Barber',
  };
};

/** A row whose request is its route as registered, with no body (the owner only names the role). */
const plainRow = (
  method: Method,
  route: string,
  expected: Expected,
  owner: MatrixRow['owner'] = 'client',
): MatrixRow => ({ method, route, owner, request: () => ({ url: route }), expect: expected });

export const HTTP_MATRIX: MatrixRow[] = [
  // ---- public: operations and API docs ----------------------------------------------------------
  plainRow('GET', '/api/health', everyone(200)),
  plainRow('GET', '/api/ready', everyone(200)),
  // Public unless METRICS_TOKEN is set (ops.test.ts covers the token); docs/security.md says so.
  plainRow('GET', '/metrics', everyone(200)),
  plainRow('GET', '/api/openapi.json', everyone(200)),
  plainRow('GET', '/api/docs', everyone(200)),
  plainRow('GET', '/api/docs/json', everyone(200)),
  plainRow('GET', '/api/docs/yaml', everyone(200)),
  plainRow('GET', '/api/docs/static/index.html', everyone(302)),
  plainRow('GET', '/api/docs/static/swagger-initializer.js', everyone(200)),
  {
    method: 'GET',
    route: '/api/docs/static/*',
    owner: 'client',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },
  // Pictures are public by id (an <img> sends no token); ids are random UUIDs.
  {
    method: 'GET',
    route: '/uploads/:id',
    owner: 'client',
    request: (w) => ({ url: `/uploads/${w.imageId}` }),
    expect: everyone(200),
  },

  // ---- public: accounts ---------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/auth/register',
    owner: 'client',
    request: () => ({
      url: '/api/auth/register',
      payload: {
        firstName: 'New',
        lastName: 'Person',
        email: `new-${randomUUID().slice(0, 8)}@example.test`,
        password: 'Secret123',
        role: 'client',
      },
    }),
    expect: everyone(201),
  },
  {
    method: 'POST',
    route: '/api/auth/register/provider',
    owner: 'provider',
    request: async (w) => ({
      url: '/api/auth/register/provider',
      payload: { userId: await w.freshPendingProvider(), specialty: 'Tutor', bio: 'Maths.' },
    }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    owner: 'client',
    request: async (w) => ({
      url: '/api/auth/verify-email',
      payload: { token: await w.freshVerificationToken() },
    }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/verify-email',
    owner: 'client',
    request: (w) => ({ url: '/api/verify-email', payload: { email: w.client.email } }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    owner: 'client',
    request: (w) => ({
      url: '/api/auth/login',
      payload: { email: w.client.email, password: w.client.password },
    }),
    expect: everyone(200),
  },

  // ---- public: the catalogue (the provider onboarding screen needs it before signing in) --------
  plainRow('GET', '/api/categories', everyone(200)),
  {
    method: 'GET',
    route: '/api/places',
    owner: 'client',
    request: () => ({ url: '/api/places?q=spring' }),
    expect: everyone(200),
  },

  // ---- any signed-in user, on their own account -------------------------------------------------
  plainRow('POST', '/api/auth/logout', signedIn(200)),
  plainRow('GET', '/api/profile', signedIn(200)),
  {
    method: 'PATCH',
    route: '/api/profile/update',
    owner: 'client',
    request: (w, caller) => ({ url: '/api/profile/update', payload: profileBody(caller, w) }),
    expect: signedIn(200),
  },
  plainRow('GET', '/api/notifications', signedIn(200)),
  plainRow('GET', '/api/notifications/unread', signedIn(200)),
  plainRow('PATCH', '/api/notifications/mark-all-read', signedIn(200)),
  {
    method: 'PATCH',
    route: '/api/notifications/:id/read',
    owner: 'client',
    request: (w) => ({ url: `/api/notifications/${w.clientNotificationId}/read` }),
    // Anyone else's notification is "not found", whatever their role.
    expect: signedIn(200, { otherClient: 404, otherProvider: 404, wrongRole: 404 }),
  },

  // ---- public discovery (docs/product.md §11.2): anyone; a sent token must be valid ---------------
  {
    method: 'GET',
    route: '/api/search/providers',
    owner: 'client',
    request: () => ({ url: '/api/search/providers?q=paula' }),
    expect: anyoneTokenChecked(200),
  },
  {
    method: 'GET',
    route: '/api/profile/providers/:id',
    owner: 'provider',
    request: (w) => ({ url: `/api/profile/providers/${w.provider.providerId}` }),
    expect: anyoneTokenChecked(200),
  },
  {
    method: 'GET',
    route: '/api/search/providers/:id/available-slots',
    owner: 'provider',
    request: (w) => ({ url: `/api/search/providers/${w.provider.providerId}/available-slots` }),
    expect: anyoneTokenChecked(200),
  },

  // ---- providers ---------------------------------------------------------------------------------
  {
    method: 'GET',
    route: '/api/stats',
    owner: 'provider',
    request: () => ({ url: '/api/stats/' }),
    expect: providersOnly(200),
  },
  plainRow('GET', '/api/stats/analytics', providersOnly(200), 'provider'),
  plainRow('GET', '/api/timeslots/view', providersOnly(200), 'provider'),
  {
    method: 'POST',
    route: '/api/timeslots/create',
    owner: 'provider',
    request: (w) => ({ url: '/api/timeslots/create', payload: slotBody(w) }),
    expect: providersOnly(201),
  },
  {
    method: 'POST',
    route: '/api/timeslots/bulk-create',
    owner: 'provider',
    request: (w) => ({
      url: '/api/timeslots/bulk-create',
      payload: { dates: [w.futureDay()], startTime: '09:00', endTime: '10:00', slotMinutes: 30 },
    }),
    expect: providersOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/timeslots/update/:id',
    owner: 'provider',
    request: async (w) => ({
      url: `/api/timeslots/update/${(await w.freshSlot()).id}`,
      payload: { type: 'Long cut' },
    }),
    expect: providersOwn(200),
  },
  {
    method: 'DELETE',
    route: '/api/timeslots/delete/:id',
    owner: 'provider',
    request: async (w) => ({ url: `/api/timeslots/delete/${(await w.freshSlot()).id}` }),
    expect: providersOwn(200),
  },
  plainRow('GET', '/api/services', providersOnly(200), 'provider'),
  {
    method: 'POST',
    route: '/api/services',
    owner: 'provider',
    request: () => ({
      url: '/api/services',
      payload: { name: 'Matrix cut', duration_minutes: 30, price_cents: 2500, currency: 'USD' },
    }),
    expect: providersOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/services/:id',
    owner: 'provider',
    request: async (w) => ({
      url: `/api/services/${await w.freshService()}`,
      payload: { price_cents: 2600 },
    }),
    expect: providersOwn(200),
  },
  {
    method: 'DELETE',
    route: '/api/services/:id',
    owner: 'provider',
    request: async (w) => ({ url: `/api/services/${await w.freshService()}` }),
    expect: providersOwn(200),
  },
  plainRow('GET', '/api/appointment/provider/view', providersOnly(200), 'provider'),
  {
    method: 'PATCH',
    route: '/api/appointment/provider/cancel/:id',
    owner: 'provider',
    request: async (w) => ({
      url: `/api/appointment/provider/cancel/${await w.freshAppointment()}`,
    }),
    expect: providersOwn(200),
  },

  // Booking policies: providers only, each their own. The saved policy is the default one, so
  // the world's bookings are not refused by it.
  plainRow('GET', '/api/provider/policy', providersOnly(200), 'provider'),
  {
    method: 'PUT',
    route: '/api/provider/policy',
    owner: 'provider',
    request: () => ({
      url: '/api/provider/policy',
      payload: {
        minNoticeMinutes: 0,
        maxAdvanceDays: 730,
        bufferMinutes: 0,
        maxPerDay: null,
        cancelCutoffMinutes: 0,
      },
    }),
    expect: providersOnly(200),
  },

  // Weekly hours and time off: providers only, each on their own schedule. The saved week is
  // empty, so no slot is generated that could meet the world's other slots.
  plainRow('GET', '/api/availability/weekly', providersOnly(200), 'provider'),
  {
    method: 'PUT',
    route: '/api/availability/weekly',
    owner: 'provider',
    request: () => ({ url: '/api/availability/weekly', payload: { rules: [], horizonWeeks: 2 } }),
    expect: providersOnly(200),
  },
  plainRow('GET', '/api/availability/time-off', providersOnly(200), 'provider'),
  {
    method: 'POST',
    route: '/api/availability/time-off',
    owner: 'provider',
    request: (w) => ({
      url: '/api/availability/time-off',
      payload: { from: w.futureDay(), to: w.futureDay(), reason: 'Away' },
    }),
    expect: providersOnly(201),
  },
  {
    method: 'DELETE',
    route: '/api/availability/time-off/:id',
    owner: 'provider',
    request: async (w) => {
      const day = w.futureDay();
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/availability/time-off',
        headers: { authorization: `Bearer ${await w.freshToken(w.provider)}` },
        payload: { from: day, to: day },
      });
      if (res.statusCode !== 201) throw new Error(`matrix: time off failed ${res.body}`);
      return { url: `/api/availability/time-off/${res.json().timeOff.id}` };
    },
    expect: providersOwn(200),
  },

  // ---- email and calendars -------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    owner: 'client',
    request: (w) => ({ url: '/api/auth/forgot-password', payload: { email: w.client.email } }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    owner: 'client',
    // Each case resets a throwaway account (a reset signs its owner out everywhere).
    request: async (w) => {
      const user = await createClient(w.app);
      const token = await createPasswordResetToken(w.app.database.db, user.id);
      return { url: '/api/auth/reset-password', payload: { token, password: 'NewSecret9' } };
    },
    expect: everyone(200),
  },
  plainRow('GET', '/api/profile/notification-preferences', signedIn(200)),
  {
    method: 'PATCH',
    route: '/api/profile/notification-preferences',
    owner: 'client',
    request: () => ({
      url: '/api/profile/notification-preferences',
      payload: { emailReminders: true },
    }),
    expect: signedIn(200),
  },
  // One-click unsubscribe (RFC 8058): the signed token in the URL is the credential; a bearer
  // token, valid or not, changes nothing. GET only shows a page; POST turns the preference off.
  {
    method: 'GET',
    route: '/api/email/unsubscribe',
    owner: 'client',
    request: (w) => ({
      url: `/api/email/unsubscribe?token=${unsubscribeToken(w.client.id, 'emailReminders')}`,
    }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/email/unsubscribe',
    owner: 'client',
    // Each case unsubscribes a throwaway account.
    request: async (w) => {
      const user = await createClient(w.app);
      return {
        url: `/api/email/unsubscribe?token=${unsubscribeToken(user.id, 'emailBookingUpdates')}`,
      };
    },
    expect: everyone(200),
  },
  plainRow('GET', '/api/calendar/feed-url', signedIn(200)),
  plainRow('POST', '/api/calendar/feed-url/reset', signedIn(200)),
  {
    method: 'GET',
    route: '/calendar/:file',
    owner: 'client',
    // The secret URL is the credential: a token, valid or not, changes nothing.
    request: async (w) => {
      const res = await w.app.inject({
        method: 'GET',
        url: '/api/calendar/feed-url',
        headers: { authorization: `Bearer ${await w.freshToken(w.client)}` },
      });
      return { url: new URL(res.json<{ url: string }>().url).pathname };
    },
    expect: everyone(200),
  },

  // ---- clients -----------------------------------------------------------------------------------
  {
    method: 'POST',
    route: '/api/appointment/booking',
    owner: 'client',
    request: async (w) => ({
      url: '/api/appointment/booking',
      payload: { timeslotId: (await w.freshSlot()).id },
    }),
    expect: clientsOnly(201),
  },
  plainRow('GET', '/api/appointment/view', clientsOnly(200)),
  {
    method: 'PATCH',
    route: '/api/appointment/cancel/:id',
    owner: 'client',
    request: async (w) => ({ url: `/api/appointment/cancel/${await w.freshAppointment()}` }),
    expect: clientsOwn(200),
  },
  {
    method: 'PATCH',
    route: '/api/appointment/reschedule/:id',
    owner: 'client',
    request: async (w) => ({
      url: `/api/appointment/reschedule/${await w.freshAppointment()}`,
      payload: { newTimeslotId: (await w.freshSlot()).id },
    }),
    expect: clientsOwn(200),
  },

  // ---- trust: reviews, replies, no-shows (authorization-matrix-trust.ts) ----------------------
  ...TRUST_ROWS,
  // ---- messages: the two participants of a conversation ------------------------------------------
  {
    method: 'POST',
    route: '/api/conversations',
    owner: 'client',
    request: async (w, caller) => {
      const url = '/api/conversations';
      const payload = { providerId: w.provider.providerId };
      // Every client case finds its conversation already there (200): opened once beforehand.
      if (caller?.role === 'client') {
        await w.app.inject({ method: 'POST', url, headers: caller.headers, payload });
      }
      return { url, payload };
    },
    expect: clientsOnly(200),
  },
  plainRow('GET', '/api/conversations', signedIn(200)),
  plainRow('GET', '/api/conversations/unread-count', signedIn(200)),
  {
    method: 'GET',
    route: '/api/conversations/:id/messages',
    owner: 'client',
    request: (w) => ({ url: `/api/conversations/${w.conversationId}/messages` }),
    expect: participantsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/messages',
    owner: 'client',
    request: (w) => ({
      url: `/api/conversations/${w.conversationId}/messages`,
      payload: { body: 'Is parking available?' },
    }),
    expect: participantsOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/conversations/:id/read',
    owner: 'client',
    request: (w) => ({ url: `/api/conversations/${w.conversationId}/read` }),
    expect: participantsOnly(200),
  },
];

/** socket.io: what the handshake does per identity, and what each client→server event answers. */
export type SocketOutcome = 'refused' | 'accepted';

export const SOCKET_HANDSHAKE: Record<Identity, SocketOutcome> = {
  anonymous: 'refused',
  garbage: 'refused',
  expired: 'refused',
  revoked: 'refused',
  owner: 'accepted',
  otherClient: 'accepted',
  otherProvider: 'accepted',
  wrongRole: 'accepted',
};

/** Ids no room may be built from. */
export const JUNK_PROVIDER_IDS: unknown[] = [
  'not-a-uuid',
  '',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../user:00000000-0000-4000-8000-000000000000',
  'user:00000000-0000-4000-8000-000000000000',
  'a'.repeat(5000),
  42,
  null,
  { id: 'x' },
  ['00000000-0000-4000-8000-000000000000'],
];

export interface SocketEventRow {
  event: 'watch_provider' | 'unwatch_provider';
  /** What a connected (accepted) identity sees for each junk id. */
  junk: 'ack ok:false' | 'ignored, stays connected';
  /** And for a real provider id. */
  valid: 'ack ok:true' | 'ignored, stays connected';
}

export const SOCKET_EVENTS: SocketEventRow[] = [
  { event: 'watch_provider', junk: 'ack ok:false', valid: 'ack ok:true' },
  {
    event: 'unwatch_provider',
    junk: 'ignored, stays connected',
    valid: 'ignored, stays connected',
  },
];

/**
 * Server → client events about one user's business: who hears them. `new_message`: the world's
 * client (owner) writes in their conversation with the world's provider (wrongRole).
 */
export interface ServerEventRow {
  event: 'new_message';
  receives: Record<'owner' | 'otherClient' | 'otherProvider' | 'wrongRole', boolean>;
}

export const SERVER_EVENTS: ServerEventRow[] = [
  {
    event: 'new_message',
    receives: { owner: false, otherClient: false, otherProvider: false, wrongRole: true },
  },
];
