import type { SessionUser } from '@slotwise/shared/accounts-types';
import {
  APPOINTMENT_LIST_MESSAGES,
  APPOINTMENTS_DEFAULT_LIMIT,
  APPOINTMENTS_MAX_LIMIT,
  clientAppointmentMessageResponseSchema,
  clientAppointmentsResponseSchema,
  providerAppointmentMessageResponseSchema,
  providerAppointmentsResponseSchema,
  type ClientAppointment,
  type ProviderAppointment,
} from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import {
  availableSlotsResponseSchema,
  providerDetailResponseSchema,
  providerSearchQuerySchema,
  providerSearchResponseSchema,
  SEARCH_COUNT_CAP,
  SEARCH_DEFAULT_RADIUS_KM,
  type AvailableSlot,
  type ProviderDetail,
  type ProviderListing,
  type PublicService,
} from '@slotwise/shared/discovery-schemas';
import {
  CATALOGUE_MESSAGES,
  type ProviderLocation,
  type ServiceMode,
} from '@slotwise/shared/catalogue-schemas';
import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import {
  createReviewBodySchema,
  providerReviewsResponseSchema,
  REVIEW_MESSAGES,
  reviewResponseSchema,
  type PublicReview,
  type Review,
} from '@slotwise/shared/reviews-schemas';
import { emptyCatalogue, handleCatalogue, type CatalogueState } from './catalogue-api';
import { contractError, contractJson, validationError } from './contract';
import type { z } from '@slotwise/shared/zod';
import { freshForEachTest } from './each-test';
import { deferred, json, mockApi, type ApiCall } from './mock-api';
import { signInUser, userOf } from './session-user';
import type { Role } from '../src/lib/session';

/**
 * An in-memory stand-in for the discovery and booking endpoints (docs/product.md §10.1 shapes), for
 * component tests: providers, their free slots and the appointments, changed by the calls the
 * screens make. `answerNext` replaces the next answer to one route (a failure, a held response).
 * Every answer it builds is checked against the server's response schemas in packages/shared
 * (test/contract.ts), so the fake cannot drift from the API: a mismatch fails the test.
 */

export const PROVIDER_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_PROVIDER_ID = '22222222-2222-4222-8222-222222222222';

export interface ProviderRecord {
  listing: ProviderListing;
  email: string;
  slots: AvailableSlot[];
  /** The public page's catalogue fields (docs/product.md §11.2). */
  location: ProviderLocation | null;
  serviceMode: ServiceMode;
  radiusKm: number | null;
  services: PublicService[];
  bookingPolicy?: BookingPolicy;
}

export function makeProvider(
  overrides: Partial<ProviderListing> = {},
  email?: string,
): ProviderRecord {
  const listing: ProviderListing = {
    provider_id: crypto.randomUUID(),
    first_name: 'Ana',
    last_name: 'Lopez',
    specialty: 'Plumber',
    bio: 'Leaks fixed fast.',
    profile_image_url: null,
    rating: null,
    review_count: 0,
    category: null,
    city: null,
    distance_km: null,
    price_from_cents: null,
    currency: null,
    next_available: null,
    next_available_slot_id: null,
    ...overrides,
  };
  return {
    listing,
    email: email ?? `${listing.first_name.toLowerCase()}@example.com`,
    slots: [],
    location: null,
    serviceMode: 'at_provider',
    radiusKm: null,
    services: [],
  };
}

export function makeSlot(overrides: Partial<AvailableSlot> = {}): AvailableSlot {
  const day = overrides.day ?? '2030-06-14';
  const start = overrides.start_time ?? '10:00:00';
  const end = overrides.end_time ?? '10:30:00';
  return {
    id: crypto.randomUUID(),
    day,
    start_time: start,
    end_time: end,
    type: 'Plumber',
    starts_at: `${day}T${start}.000Z`,
    ends_at: `${day}T${end}.000Z`,
    ...overrides,
  };
}

/** What the client's and the provider's appointment share: booked, 10:00–10:30 UTC, Plumber. */
function appointmentBase(overrides: { appointment_id?: string; day?: string }) {
  const id = overrides.appointment_id ?? crypto.randomUUID();
  const day = overrides.day ?? '2030-06-14';
  return {
    appointment_id: id,
    id,
    timeslot_id: crypto.randomUUID(),
    day,
    start_time: '10:00:00',
    end_time: '10:30:00',
    status: 'booked' as const,
    service_type: 'Plumber',
    starts_at: `${day}T10:00:00.000Z`,
    ends_at: `${day}T10:30:00.000Z`,
  };
}

export function makeClientAppointment(
  overrides: Partial<ClientAppointment> = {},
): ClientAppointment {
  const provider = { provider_id: PROVIDER_ID, provider_profile_image_url: null };
  const names = { provider_first_name: 'Ana', provider_last_name: 'Lopez' };
  return {
    ...appointmentBase(overrides),
    ...provider,
    ...names,
    provider_specialty: 'Plumber',
    ...overrides,
  };
}

export function makeProviderAppointment(
  overrides: Partial<ProviderAppointment> = {},
): ProviderAppointment {
  const client = { client_first_name: 'Cleo', client_last_name: 'Client' };
  return { ...appointmentBase(overrides), ...client, ...overrides };
}

/**
 * `?limit=&cursor=` like the server (docs/decisions/052-paginated-appointment-lists.md): without
 * them the whole list as stored; with them the server's order — upcoming (booked, not ended)
 * soonest first, then the rest most recent first, id breaking ties — `limit` at a time, and
 * `nextCursor` (null at the end). The fake's cursor is the last row's id; a cursor it cannot
 * place, or a bad limit, is the server's 400. The page is checked against `schema`.
 */
function appointmentPage<
  T extends { id: string; status: string; starts_at: string; ends_at: string },
>(route: string, url: URL, list: T[], schema: z.ZodType): Response {
  const rawLimit = url.searchParams.get('limit');
  const cursor = url.searchParams.get('cursor');
  if (rawLimit === null && cursor === null) {
    return contractJson(route, schema, 200, { appointments: list });
  }
  const limit = rawLimit === null ? APPOINTMENTS_DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > APPOINTMENTS_MAX_LIMIT) {
    return validationError(route, { limit: BOOKING_MESSAGES.invalidLimit });
  }
  const now = Date.now();
  const upcoming = (a: T) => a.status === 'booked' && Date.parse(a.ends_at) > now;
  const ordered = [...list].sort((a, b) => {
    const [ua, ub] = [upcoming(a), upcoming(b)];
    if (ua !== ub) return ua ? -1 : 1;
    const byStart = Date.parse(a.starts_at) - Date.parse(b.starts_at);
    if (byStart !== 0) return ua ? byStart : -byStart;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  let start = 0;
  if (cursor !== null) {
    const at = ordered.findIndex((a) => a.id === cursor);
    if (at < 0) return validationError(route, { cursor: APPOINTMENT_LIST_MESSAGES.invalidCursor });
    start = at + 1;
  }
  const appointments = ordered.slice(start, start + limit);
  const more = start + limit < ordered.length;
  const nextCursor = more ? appointments[appointments.length - 1]!.id : null;
  return contractJson(route, schema, 200, { appointments, nextCursor });
}

function notFound(route: string, message = 'Not found') {
  return contractError(route, 404, { message, error: message, code: 'NOT_FOUND' });
}

/**
 * A status change of one appointment in `list` (cancel, no-show): 404 `missing` when it is not
 * there, else the changed appointment with `message`, checked against `schema`.
 */
function setStatus<T extends { appointment_id: string; status: string }>(
  route: string,
  list: T[],
  id: string,
  status: T['status'],
  answer: { schema: z.ZodType; message: string; missing?: string },
) {
  const appointment = list.find((a) => a.appointment_id === id);
  if (!appointment) return notFound(route, answer.missing ?? 'Appointment not found');
  appointment.status = status;
  return contractJson(route, answer.schema, 200, { message: answer.message, appointment });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** 'PATCH /api/appointment/cancel/<uuid>' → 'PATCH /api/appointment/cancel/:id'. */
export function routeOf(call: Pick<ApiCall, 'method' | 'path'>): string {
  return `${call.method} ${call.path.replace(UUID, ':id')}`;
}

/** A stored review (trust): the public fields plus whose appointment and provider it is. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: crypto.randomUUID(),
    appointment_id: crypto.randomUUID(),
    provider_id: PROVIDER_ID,
    rating: 5,
    comment: 'Great work',
    client_first_name: 'Cleo',
    client_last_initial: 'C',
    created_at: '2030-06-14T12:00:00.000Z',
    reply: null,
    ...overrides,
  };
}

/** The public shape of a stored review (what GET /providers/:id/reviews lists). */
function publicOf({ appointment_id: _a, provider_id: _p, ...review }: Review): PublicReview {
  return review;
}

/** Reviews per page of the fake GET /providers/:id/reviews (small, to exercise 'load more'). */
export const FAKE_REVIEWS_PAGE = 2;

export interface BookingBackend {
  providers: ProviderRecord[];
  /** Every review, newest first (trust). */
  reviews: Review[];
  clientAppointments: ClientAppointment[];
  providerAppointments: ProviderAppointment[];
  calls: ApiCall[];
  /** Categories, places, the provider's services and own slots (test/catalogue-api.ts). */
  catalogue: CatalogueState;
  /** Search answers say "2,000+" (totalIsCapped) when set. */
  searchCapTotal: boolean;
  /** The next call to `route` (e.g. 'POST /api/appointment/booking') gets `answer` instead. */
  answerNext: (route: string, answer: (call: ApiCall) => Response | Promise<Response>) => void;
}

/**
 * The fake's available-slots window: with `from`, the 14 days from it and the first later day
 * with a slot (as the server, docs/decisions/054-available-slots-window.md); without, every slot
 * (the fake has no "today") as one window.
 */
function slotWindow<T extends { day: string }>(slots: T[], from: string | null) {
  const days = slots.map((slot) => slot.day).sort();
  if (!from) {
    const first = days[0] ?? '2000-01-01';
    return { availableSlots: slots, from: first, to: days.at(-1) ?? first, nextFrom: null };
  }
  const start = new Date(`${from}T00:00:00Z`);
  const to = new Date(start.getTime() + 13 * 86_400_000).toISOString().slice(0, 10);
  return {
    availableSlots: slots.filter((slot) => slot.day >= from && slot.day <= to),
    from,
    to,
    nextFrom: days.find((day) => day > to) ?? null,
  };
}

/** More routes answered after the booking ones (test/schedule-api.ts adds the provider's week). */
export type ExtraRoutes = (
  call: ApiCall,
  route: string,
) => Response | undefined | Promise<Response | undefined>;

/** Great-circle distance in km, one decimal (as the server rounds it). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/**
 * GET /search/providers (docs/product.md §11.2) over the fake's providers: the query is parsed
 * with the server's shared schema (a bad one answers 400 with its field errors), each filter and
 * sort applied in memory; the cursor is the next offset. `searchCapTotal` makes the answer say
 * "2,000+" (totalIsCapped).
 */
function searchAnswer(backend: BookingBackend, route: string, url: URL): Response {
  const parsed = providerSearchQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const unknownPlace =
    parsed.success &&
    parsed.data.placeId !== undefined &&
    !backend.catalogue.places.some((candidate) => candidate.id === parsed.data.placeId);
  if (!parsed.success || unknownPlace) {
    // As the server: schema issues, or a place the gazetteer does not have.
    const fieldErrors: Record<string, string> = parsed.success
      ? { placeId: CATALOGUE_MESSAGES.placeUnknown }
      : Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        );
    return validationError(route, fieldErrors);
  }
  const query = parsed.data;
  const place = query.placeId
    ? backend.catalogue.places.find((candidate) => candidate.id === query.placeId)
    : undefined;
  const point = query.near ?? (place ? { lat: place.lat, lng: place.lng } : null);
  const radius = query.radiusKm ?? SEARCH_DEFAULT_RADIUS_KM;
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = backend.providers
    .filter((record) => {
      const { listing } = record;
      const text = `${listing.first_name} ${listing.last_name} ${listing.specialty} ${listing.category ?? ''}`;
      if (!words.every((word) => text.toLowerCase().includes(word))) return false;
      if (
        query.specialty &&
        !listing.specialty.toLowerCase().includes(query.specialty.toLowerCase())
      )
        return false;
      if (query.category && listing.category !== query.category) return false;
      if (query.date && !record.slots.some((slot) => slot.day === query.date)) return false;
      if (query.priceMax !== undefined && (listing.price_from_cents ?? Infinity) > query.priceMax)
        return false;
      if (query.minRating !== undefined && (listing.rating ?? 0) < query.minRating) return false;
      if (point && (!record.location || distanceKm(point, record.location) > radius)) return false;
      return true;
    })
    .map((record): ProviderListing => ({
      ...record.listing,
      distance_km: point && record.location ? distanceKm(point, record.location) : null,
    }));
  const sorted = [...matches];
  const last = (value: number | null) => value ?? Infinity;
  if (query.sort === 'rating') sorted.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
  if (query.sort === 'distance') sorted.sort((a, b) => last(a.distance_km) - last(b.distance_km));
  if (query.sort === 'price')
    sorted.sort((a, b) => last(a.price_from_cents) - last(b.price_from_cents));
  if (query.sort === 'soonest')
    sorted.sort((a, b) => (a.next_available ?? '~').localeCompare(b.next_available ?? '~'));
  const start = query.cursor ? Number(query.cursor) : ((query.page ?? 1) - 1) * query.limit;
  const next = start + query.limit;
  return contractJson(route, providerSearchResponseSchema, 200, {
    providers: sorted.slice(start, next),
    page: query.page ?? 1,
    limit: query.limit,
    total: Math.min(sorted.length, SEARCH_COUNT_CAP),
    totalIsCapped: backend.searchCapTotal || sorted.length > SEARCH_COUNT_CAP,
    nextCursor: next < sorted.length ? String(next) : null,
  });
}

/** Stubs fetch with the in-memory booking API (undo with vi.unstubAllGlobals()). */
export function mockBookingApi(extra?: ExtraRoutes): BookingBackend {
  const overrides = new Map<string, (call: ApiCall) => Response | Promise<Response>>();
  const backend: BookingBackend = {
    providers: [],
    reviews: [],
    clientAppointments: [],
    providerAppointments: [],
    calls: [],
    catalogue: emptyCatalogue(),
    searchCapTotal: false,
    answerNext: (route, answer) => overrides.set(route, answer),
  };
  const findProvider = (id: string) =>
    backend.providers.find((record) => record.listing.provider_id === id);

  const { calls } = mockApi(async (call) => {
    const route = routeOf(call);
    const override = overrides.get(route);
    if (override) {
      overrides.delete(route);
      return override(call);
    }
    const id = call.path.match(UUID)?.[0] ?? call.path.split('/').at(-1) ?? '';
    const url = new URL(call.url, 'http://localhost');

    switch (route) {
      case 'GET /api/notifications/unread':
        return json(200, { unreadNotifications: [], unreadCount: 0 });

      case 'GET /api/search/providers':
        return searchAnswer(backend, route, url);

      case 'GET /api/profile/providers/:id': {
        const record = findProvider(id);
        if (!record) return notFound(route, 'Provider not found');
        const detail: ProviderDetail = {
          provider_id: record.listing.provider_id,
          firstName: record.listing.first_name,
          lastName: record.listing.last_name,
          // The business contact: signed-in callers only (docs/product.md §11.2).
          ...(call.headers.get('authorization') ? { email: record.email } : {}),
          specialty: record.listing.specialty,
          bio: record.listing.bio,
          profileImageUrl: record.listing.profile_image_url,
          rating: record.listing.rating,
          reviewCount: record.listing.review_count,
          ...(record.bookingPolicy ? { bookingPolicy: record.bookingPolicy } : {}),
          category: record.listing.category,
          location: record.location,
          serviceMode: record.serviceMode,
          radiusKm: record.radiusKm,
          services: record.services,
          business_id: record.listing.business_id ?? null,
          business_name: record.listing.business_name ?? null,
        };
        return contractJson(route, providerDetailResponseSchema, 200, { provider: detail });
      }

      case 'GET /api/search/providers/:id/available-slots': {
        const record = findProvider(id);
        if (!record) return notFound(route, 'Provider not found');
        return contractJson(
          route,
          availableSlotsResponseSchema,
          200,
          slotWindow(record.slots, url.searchParams.get('from')),
        );
      }

      case 'POST /api/appointment/booking': {
        // A business's "any staff" booking (docs/product.md §13.2): test/business-api.ts.
        if (call.body && typeof call.body === 'object' && 'businessId' in call.body) break;
        const { timeslotId } = call.body as { timeslotId: string };
        const record = backend.providers.find((p) => p.slots.some((s) => s.id === timeslotId));
        const slot = record?.slots.find((s) => s.id === timeslotId);
        if (!record || !slot) {
          const message = 'This time slot has just been booked by someone else.';
          return contractError(route, 409, { message, error: message, code: 'SLOT_TAKEN' });
        }
        record.slots = record.slots.filter((s) => s.id !== timeslotId);
        const appointment = makeClientAppointment({
          timeslot_id: slot.id,
          provider_id: record.listing.provider_id,
          provider_first_name: record.listing.first_name,
          provider_last_name: record.listing.last_name,
          provider_specialty: record.listing.specialty,
          day: slot.day,
          start_time: slot.start_time,
          end_time: slot.end_time,
          // The service and price as booked (docs/product.md §11.1).
          ...(slot.service_id
            ? {
                service_type: slot.type,
                service_name: slot.type,
                price_cents: slot.price_cents ?? null,
                currency: slot.currency ?? null,
              }
            : {}),
        });
        if (slot.service_id) backend.catalogue.bookedServiceIds.add(slot.service_id);
        backend.clientAppointments.push(appointment);
        return contractJson(route, clientAppointmentMessageResponseSchema, 201, {
          message: MESSAGES.appointmentBooked,
          appointment,
        });
      }

      case 'GET /api/appointment/view':
        return appointmentPage(
          route,
          url,
          backend.clientAppointments,
          clientAppointmentsResponseSchema,
        );

      case 'PATCH /api/appointment/cancel/:id':
        return setStatus(route, backend.clientAppointments, id, 'canceled', {
          schema: clientAppointmentMessageResponseSchema,
          message: MESSAGES.appointmentCancelledSuccessfully,
        });

      case 'PATCH /api/appointment/reschedule/:id': {
        const appointment = backend.clientAppointments.find((a) => a.appointment_id === id);
        if (!appointment) return notFound(route, 'Appointment not found');
        const { newTimeslotId } = call.body as { newTimeslotId: string };
        const record = findProvider(appointment.provider_id);
        const slot = record?.slots.find((s) => s.id === newTimeslotId);
        if (!record || !slot) return notFound(route, 'Time slot not found');
        record.slots = record.slots.filter((s) => s.id !== newTimeslotId);
        Object.assign(appointment, {
          timeslot_id: slot.id,
          day: slot.day,
          start_time: slot.start_time,
          end_time: slot.end_time,
        });
        return contractJson(route, clientAppointmentMessageResponseSchema, 200, {
          message: MESSAGES.appointmentRescheduled,
          appointment,
        });
      }

      case 'GET /api/appointment/provider/view': {
        const status = url.searchParams.get('status');
        const listed = backend.providerAppointments.filter((a) => !status || a.status === status);
        return appointmentPage(route, url, listed, providerAppointmentsResponseSchema);
      }

      case 'PATCH /api/appointment/provider/no-show/:id':
        return setStatus(route, backend.providerAppointments, id, 'no_show', {
          schema: providerAppointmentMessageResponseSchema,
          message: REVIEW_MESSAGES.noShowMarked,
          missing: REVIEW_MESSAGES.appointmentNotFound,
        });

      case 'POST /api/reviews': {
        const body = createReviewBodySchema.parse(call.body);
        const appointment = backend.clientAppointments.find(
          (a) => a.appointment_id === body.appointmentId,
        );
        if (!appointment) return notFound(route, REVIEW_MESSAGES.appointmentNotFound);
        if (appointment.reviewed) {
          const message = REVIEW_MESSAGES.alreadyReviewed;
          return contractError(route, 409, { message, error: message, code: 'ALREADY_REVIEWED' });
        }
        appointment.reviewed = true;
        const review = makeReview({
          appointment_id: appointment.appointment_id,
          provider_id: appointment.provider_id,
          rating: body.rating,
          comment: body.comment,
          created_at: new Date().toISOString(),
        });
        backend.reviews.unshift(review);
        return contractJson(route, reviewResponseSchema, 201, {
          message: REVIEW_MESSAGES.reviewSubmitted,
          review,
        });
      }

      case 'GET /api/providers/:id/reviews': {
        const mine = backend.reviews.filter((review) => review.provider_id === id);
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const page = mine.slice(start, start + FAKE_REVIEWS_PAGE);
        const next = start + FAKE_REVIEWS_PAGE;
        const sum = mine.reduce((total, review) => total + review.rating, 0);
        return contractJson(route, providerReviewsResponseSchema, 200, {
          reviews: page.map(publicOf),
          nextCursor: next < mine.length ? String(next) : null,
          rating: mine.length ? Math.round((sum / mine.length) * 10) / 10 : null,
          reviewCount: mine.length,
        });
      }

      case 'POST /api/reviews/:id/reply':
      case 'PATCH /api/reviews/:id/reply': {
        const review = backend.reviews.find((r) => r.id === id);
        if (!review) return notFound(route, REVIEW_MESSAGES.reviewNotFound);
        const { comment } = call.body as { comment: string };
        const now = new Date().toISOString();
        review.reply = {
          comment: comment.trim(),
          created_at: review.reply?.created_at ?? now,
          updated_at: now,
        };
        return contractJson(route, reviewResponseSchema, call.method === 'POST' ? 201 : 200, {
          message:
            call.method === 'POST' ? REVIEW_MESSAGES.replyPosted : REVIEW_MESSAGES.replyUpdated,
          review,
        });
      }

      case 'PATCH /api/appointment/provider/cancel/:id':
        return setStatus(route, backend.providerAppointments, id, 'canceled', {
          schema: providerAppointmentMessageResponseSchema,
          message: MESSAGES.appointmentCanceledToast,
        });
    }
    // A test's own routes (e.g. the calendar's window) come before the catalogue's defaults.
    return extra?.(call, route) ?? handleCatalogue(backend.catalogue, route, call, id);
  });
  backend.calls = calls;
  return backend;
}

/** Signs in (token + stored user, as the login screen leaves them) as a client or provider. */
export function signInAs(role: Role, user: Partial<SessionUser> = {}): string {
  return signInUser(
    userOf(role, {
      id: `${role}-user-1`,
      firstName: 'Cleo',
      lastName: 'Client',
      email: 'cleo@example.com',
      providerId: role === 'provider' ? PROVIDER_ID : null,
      ...user,
    }),
  );
}

/** Holds the next answer to `route` until the test resolves it (to see a loading state). */
export function holdNext(api: BookingBackend, route: string) {
  const held = deferred<Response>();
  api.answerNext(route, () => held.promise);
  return held;
}

/** `makeProvider(...)` listed in `api` before each test (after the API is made fresh). */
export function providerForEachTest(
  api: BookingBackend,
  ...args: Parameters<typeof makeProvider>
): ProviderRecord {
  return freshForEachTest(() => {
    const record = makeProvider(...args);
    api.providers = [...api.providers, record];
    return record;
  });
}

/**
 * A fresh in-memory booking API before each test of the calling file (signed in as `role` when
 * given): `const api = bookingApiForEachTest('client')`.
 */
export function bookingApiForEachTest(
  role?: Role,
  user?: Partial<SessionUser>,
  extra?: ExtraRoutes,
): BookingBackend {
  return freshForEachTest(() => {
    const backend = mockBookingApi(extra);
    if (role) signInAs(role, user);
    return backend;
  });
}
