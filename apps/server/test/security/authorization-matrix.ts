import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appointments } from '../../src/db/schema';
import { createPasswordResetToken } from '../../src/modules/accounts/password-reset';
import { signUnsubscribeToken, unsubscribeKey } from '../../src/modules/email/unsubscribe';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createClient, type TestUser } from '../helpers/factories';
import { PAYMENT_ROWS } from './authorization-matrix-payments';
import { STRIPE_ROWS } from './authorization-matrix-stripe';
import { WAITLIST_ROWS } from './authorization-matrix-waitlist';
import { PUSH_ROWS } from './authorization-matrix-push';
import { CALENDAR_SYNC_ROWS } from './authorization-matrix-calendar-sync';
import { MODERATION_ROWS } from './authorization-matrix-moderation';
import { PERSONAL_DATA_ROWS } from './authorization-matrix-personal-data';
import { TRUST_ROWS } from './authorization-matrix-trust';
import { SMS_ROWS } from './authorization-matrix-sms';
import { FIGURES_ROWS } from './authorization-matrix-figures';
import { SEO_ROWS } from './authorization-matrix-seo';
import type { World } from './world';
import {
  anyoneTokenChecked,
  clientsOnly,
  clientsOwn,
  everyone,
  providersOnly,
  providersOwn,
  signedIn,
} from './expected';
import { matrixRow } from './matrix-row';

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
 * 'admin' rows (operator routes, docs/decisions/072): the world's operator is the owner and the
 * world's client the wrong role.
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
  owner: 'client' | 'provider' | 'admin';
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

export const HTTP_MATRIX: MatrixRow[] = [
  // ---- public: operations and API docs ----------------------------------------------------------
  matrixRow('GET', '/api/health', everyone(200)),
  matrixRow('GET', '/api/ready', everyone(200)),
  // Public unless METRICS_TOKEN is set (ops.test.ts covers the token); docs/security.md says so.
  matrixRow('GET', '/metrics', everyone(200)),
  matrixRow('GET', '/api/openapi.json', everyone(200)),
  matrixRow('GET', '/api/docs', everyone(200)),
  matrixRow('GET', '/api/docs/json', everyone(200)),
  matrixRow('GET', '/api/docs/yaml', everyone(200)),
  matrixRow('GET', '/api/docs/static/index.html', everyone(302)),
  matrixRow('GET', '/api/docs/static/swagger-initializer.js', everyone(200)),
  matrixRow('GET', '/api/docs/static/*', everyone(200), {
    url: () => '/api/docs/static/swagger-ui.css',
  }),
  // Pictures are public by id (an <img> sends no token); ids are random UUIDs.
  matrixRow('GET', '/uploads/:id', everyone(200), { id: (w) => w.imageId }),

  // ---- public: accounts ---------------------------------------------------------------------------
  matrixRow('POST', '/api/auth/register', everyone(201), {
    body: () => ({
      firstName: 'New',
      lastName: 'Person',
      email: `new-${randomUUID().slice(0, 8)}@example.test`,
      password: 'Secret123',
      role: 'client',
    }),
  }),
  matrixRow('POST', '/api/auth/register/provider', everyone(200), {
    owner: 'provider',
    body: async (w) => ({
      userId: await w.freshPendingProvider(),
      specialty: 'Tutor',
      bio: 'Maths.',
    }),
  }),
  matrixRow('POST', '/api/auth/verify-email', everyone(200), {
    body: async (w) => ({ token: await w.freshVerificationToken() }),
  }),
  matrixRow('POST', '/api/verify-email', everyone(200), {
    body: (w) => ({ email: w.client.email }),
  }),
  matrixRow('POST', '/api/auth/login', everyone(200), {
    body: (w) => ({ email: w.client.email, password: w.client.password }),
  }),

  // ---- public: the catalogue (the provider onboarding screen needs it before signing in) --------
  matrixRow('GET', '/api/categories', everyone(200)),
  matrixRow('GET', '/api/places', everyone(200), { url: () => '/api/places?q=spring' }),

  // ---- any signed-in user, on their own account -------------------------------------------------
  matrixRow('POST', '/api/auth/logout', signedIn(200)),
  matrixRow('GET', '/api/profile', signedIn(200)),
  matrixRow('PATCH', '/api/profile/update', signedIn(200), {
    body: (w, caller) => profileBody(caller, w),
  }),
  matrixRow('GET', '/api/notifications', signedIn(200)),
  matrixRow('GET', '/api/notifications/unread', signedIn(200)),
  matrixRow('PATCH', '/api/notifications/mark-all-read', signedIn(200)),
  // Anyone else's notification is "not found", whatever their role.
  matrixRow(
    'PATCH',
    '/api/notifications/:id/read',
    signedIn(200, { otherClient: 404, otherProvider: 404, wrongRole: 404 }),
    { id: (w) => w.clientNotificationId },
  ),

  // ---- public discovery (docs/product.md §11.2): anyone; a sent token must be valid ---------------
  matrixRow('GET', '/api/search/providers', anyoneTokenChecked(200), {
    url: () => '/api/search/providers?q=paula',
  }),
  matrixRow('GET', '/api/profile/providers/:id', anyoneTokenChecked(200), {
    owner: 'provider',
    id: (w) => w.provider.providerId,
  }),
  matrixRow('GET', '/api/search/providers/:id/available-slots', anyoneTokenChecked(200), {
    owner: 'provider',
    id: (w) => w.provider.providerId,
  }),

  // ---- providers ---------------------------------------------------------------------------------
  matrixRow('GET', '/api/stats', providersOnly(200), {
    owner: 'provider',
    url: () => '/api/stats/',
  }),
  matrixRow('GET', '/api/stats/analytics', providersOnly(200), { owner: 'provider' }),
  matrixRow('GET', '/api/timeslots/view', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/timeslots/create', providersOnly(201), {
    owner: 'provider',
    body: slotBody,
  }),
  matrixRow('POST', '/api/timeslots/bulk-create', providersOnly(201), {
    owner: 'provider',
    body: (w) => ({
      dates: [w.futureDay()],
      startTime: '09:00',
      endTime: '10:00',
      slotMinutes: 30,
    }),
  }),
  matrixRow('PATCH', '/api/timeslots/update/:id', providersOwn(200), {
    owner: 'provider',
    id: async (w) => (await w.freshSlot()).id,
    body: () => ({ type: 'Long cut' }),
  }),
  matrixRow('DELETE', '/api/timeslots/delete/:id', providersOwn(200), {
    owner: 'provider',
    id: async (w) => (await w.freshSlot()).id,
  }),
  matrixRow('GET', '/api/services', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/services', providersOnly(201), {
    owner: 'provider',
    body: () => ({ name: 'Matrix cut', duration_minutes: 30, price_cents: 2500, currency: 'USD' }),
  }),
  matrixRow('PATCH', '/api/services/:id', providersOwn(200), {
    owner: 'provider',
    id: (w) => w.freshService(),
    body: () => ({ price_cents: 2600 }),
  }),
  matrixRow('DELETE', '/api/services/:id', providersOwn(200), {
    owner: 'provider',
    id: (w) => w.freshService(),
  }),
  matrixRow('GET', '/api/appointment/provider/view', providersOnly(200), { owner: 'provider' }),
  matrixRow('PATCH', '/api/appointment/provider/cancel/:id', providersOwn(200), {
    owner: 'provider',
    id: (w) => w.freshAppointment(),
  }),
  // A class's seats at once (docs/decisions/067-seats-and-series.md): the slot of a fresh booking.
  matrixRow('PATCH', '/api/appointment/provider/cancel-class/:id', providersOwn(200), {
    owner: 'provider',
    id: async (w) => {
      const [row] = await w.app.database.db
        .select({ timeslotId: appointments.timeslotId })
        .from(appointments)
        .where(eq(appointments.id, await w.freshAppointment()));
      return row!.timeslotId!;
    },
  }),

  // Booking policies: providers only, each their own. The saved policy is the default one, so
  // the world's bookings are not refused by it.
  matrixRow('GET', '/api/provider/policy', providersOnly(200), { owner: 'provider' }),
  matrixRow('PUT', '/api/provider/policy', providersOnly(200), {
    owner: 'provider',
    body: () => ({
      minNoticeMinutes: 0,
      maxAdvanceDays: 730,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
    }),
  }),

  // Weekly hours and time off: providers only, each on their own schedule. The saved week is
  // empty, so no slot is generated that could meet the world's other slots.
  matrixRow('GET', '/api/availability/weekly', providersOnly(200), { owner: 'provider' }),
  matrixRow('PUT', '/api/availability/weekly', providersOnly(200), {
    owner: 'provider',
    body: () => ({ rules: [], horizonWeeks: 2 }),
  }),
  matrixRow('GET', '/api/availability/time-off', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/availability/time-off', providersOnly(201), {
    owner: 'provider',
    body: (w) => ({ from: w.futureDay(), to: w.futureDay(), reason: 'Away' }),
  }),
  matrixRow('DELETE', '/api/availability/time-off/:id', providersOwn(200), {
    owner: 'provider',
    id: async (w) => {
      const day = w.futureDay();
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/availability/time-off',
        headers: { authorization: `Bearer ${await w.freshToken(w.provider)}` },
        payload: { from: day, to: day },
      });
      if (res.statusCode !== 201) throw new Error(`matrix: time off failed ${res.body}`);
      return res.json().timeOff.id;
    },
  }),

  // ---- email and calendars -------------------------------------------------------------------------
  matrixRow('POST', '/api/auth/forgot-password', everyone(200), {
    body: (w) => ({ email: w.client.email }),
  }),
  // Each case resets a throwaway account (a reset signs its owner out everywhere).
  matrixRow('POST', '/api/auth/reset-password', everyone(200), {
    body: async (w) => {
      const user = await createClient(w.app);
      const token = await createPasswordResetToken(w.app.database.db, user.id);
      return { token, password: 'NewSecret9' };
    },
  }),
  matrixRow('GET', '/api/profile/notification-preferences', signedIn(200)),
  matrixRow('PATCH', '/api/profile/notification-preferences', signedIn(200), {
    body: () => ({ emailReminders: true }),
  }),
  // One-click unsubscribe (RFC 8058): the signed token in the URL is the credential; a bearer
  // token, valid or not, changes nothing. GET only shows a page; POST turns the preference off
  // (each case on a throwaway account).
  matrixRow('GET', '/api/email/unsubscribe', everyone(200), {
    url: (w) => `/api/email/unsubscribe?token=${unsubscribeToken(w.client.id, 'emailReminders')}`,
  }),
  matrixRow('POST', '/api/email/unsubscribe', everyone(200), {
    url: async (w) => {
      const user = await createClient(w.app);
      return `/api/email/unsubscribe?token=${unsubscribeToken(user.id, 'emailBookingUpdates')}`;
    },
  }),
  matrixRow('GET', '/api/calendar/feed-url', signedIn(200)),
  matrixRow('POST', '/api/calendar/feed-url/reset', signedIn(200)),
  // The secret URL is the credential: a token, valid or not, changes nothing.
  matrixRow('GET', '/calendar/:file', everyone(200), {
    url: async (w) => {
      const res = await w.app.inject({
        method: 'GET',
        url: '/api/calendar/feed-url',
        headers: { authorization: `Bearer ${await w.freshToken(w.client)}` },
      });
      return new URL(res.json<{ url: string }>().url).pathname;
    },
  }),

  // ---- clients -----------------------------------------------------------------------------------
  matrixRow('POST', '/api/appointment/booking', clientsOnly(201), {
    body: async (w) => ({ timeslotId: (await w.freshSlot()).id }),
  }),
  matrixRow('GET', '/api/appointment/view', clientsOnly(200)),
  matrixRow('PATCH', '/api/appointment/cancel/:id', clientsOwn(200), {
    id: (w) => w.freshAppointment(),
  }),
  matrixRow('PATCH', '/api/appointment/reschedule/:id', clientsOwn(200), {
    id: (w) => w.freshAppointment(),
    body: async (w) => ({ newTimeslotId: (await w.freshSlot()).id }),
  }),
  // Series (docs/decisions/067-seats-and-series.md): a fresh slot, and nothing the next week.
  matrixRow('POST', '/api/appointment/series', clientsOnly(201), {
    body: async (w) => ({ timeslotId: (await w.freshSlot()).id, intervalWeeks: 1, count: 2 }),
  }),
  matrixRow('PATCH', '/api/appointment/series/:id/cancel', clientsOwn(200), {
    id: async (w) => {
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/appointment/series',
        headers: { authorization: `Bearer ${await w.freshToken(w.client)}` },
        payload: { timeslotId: (await w.freshSlot()).id, intervalWeeks: 1, count: 2 },
      });
      if (res.statusCode !== 201) throw new Error(`matrix: series failed ${res.body}`);
      return res.json<{ series: { id: string } }>().series.id;
    },
    body: () => ({}),
  }),
  // The appointment's .ics (docs/product.md §14.4): its client and its provider; anyone else 404.
  matrixRow('GET', '/api/appointment/:id/ics', participantsOnly(200), {
    id: (w) => w.appointmentId,
  }),

  // ---- trust: reviews, replies, no-shows (authorization-matrix-trust.ts) ----------------------
  ...TRUST_ROWS,
  // ---- payments (authorization-matrix-payments.ts) ----------------------------------------------
  ...PAYMENT_ROWS,
  // ---- payments through Stripe (authorization-matrix-stripe.ts) -----------------------------
  ...STRIPE_ROWS,
  // ---- the waitlist (authorization-matrix-waitlist.ts) ---------------------------------------
  ...WAITLIST_ROWS,
  // ---- calendar sync (authorization-matrix-calendar-sync.ts) ---------------------------------
  ...CALENDAR_SYNC_ROWS,
  // ---- reports and the operator's routes (authorization-matrix-moderation.ts) ------------------
  ...MODERATION_ROWS,
  // ---- people's data (authorization-matrix-personal-data.ts) ---------------------------------
  ...PERSONAL_DATA_ROWS,
  // ---- SMS: the phone number and Twilio's webhook (authorization-matrix-sms.ts) ---------------
  ...SMS_ROWS,
  // ---- web push (authorization-matrix-push.ts) -----------------------------------------------
  ...PUSH_ROWS,
  // ---- the operator's marketplace figures (authorization-matrix-figures.ts) ------------------
  ...FIGURES_ROWS,
  // ---- search engine pages, sitemap, robots.txt (authorization-matrix-seo.ts) ----------------
  ...SEO_ROWS,
  // ---- messages: the two participants of a conversation ------------------------------------------
  // Every client case finds its conversation already there (200): opened once beforehand.
  matrixRow('POST', '/api/conversations', clientsOnly(200), {
    body: async (w, caller) => {
      const payload = { providerId: w.provider.providerId };
      if (caller?.role === 'client') {
        await w.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers: caller.headers,
          payload,
        });
      }
      return payload;
    },
  }),
  matrixRow('GET', '/api/conversations', signedIn(200)),
  matrixRow('GET', '/api/conversations/unread-count', signedIn(200)),
  matrixRow('GET', '/api/conversations/:id/messages', participantsOnly(200), {
    id: (w) => w.conversationId,
  }),
  matrixRow('POST', '/api/conversations/:id/messages', participantsOnly(201), {
    id: (w) => w.conversationId,
    body: () => ({ body: 'Is parking available?' }),
  }),
  matrixRow('PATCH', '/api/conversations/:id/read', participantsOnly(200), {
    id: (w) => w.conversationId,
  }),

  // ---- teams and resources (docs/product.md §13): the owner changes the business -------------------
  matrixRow('GET', '/api/business', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/business/invitations', providersOwn(201), {
    owner: 'provider',
    body: () => ({ email: `invitee-${randomUUID().slice(0, 8)}@example.test` }),
  }),
  // Every provider is refused an expired link (409): what matters here is who gets that far.
  matrixRow('POST', '/api/business/invitations/accept', providersOnly(409), {
    owner: 'provider',
    body: async (w) => ({ token: await w.expiredInvitationToken() }),
  }),
  matrixRow('GET', '/api/business/staff/:providerId/upcoming', providersOwn(200), {
    owner: 'provider',
    url: (w) => `/api/business/staff/${w.staffId}/upcoming`,
  }),
  matrixRow('DELETE', '/api/business/staff/:providerId', providersOwn(200), {
    owner: 'provider',
    url: async (w) => `/api/business/staff/${await w.freshStaff()}`,
  }),
  matrixRow('POST', '/api/business/resources', providersOwn(201), {
    owner: 'provider',
    body: () => ({ name: 'Chair' }),
  }),
  matrixRow('DELETE', '/api/business/resources/:id', providersOwn(200), {
    owner: 'provider',
    id: (w) => w.freshResource(),
  }),
  matrixRow('GET', '/api/businesses/:id', anyoneTokenChecked(200), {
    owner: 'provider',
    id: (w) => w.businessId,
  }),
  matrixRow('GET', '/api/businesses/:id/available-slots', anyoneTokenChecked(200), {
    owner: 'provider',
    url: (w) =>
      `/api/businesses/${w.businessId}/available-slots?serviceId=${w.serviceId}&date=${w.futureDay()}`,
  }),
  // Last: the other provider creates one (201) and owns a business from here on; the owner
  // already has one (409).
  matrixRow(
    'POST',
    '/api/business',
    signedIn(409, { otherClient: 403, wrongRole: 403, otherProvider: 201 }),
    { owner: 'provider', body: () => ({ name: 'Second Salon' }) },
  ),
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
