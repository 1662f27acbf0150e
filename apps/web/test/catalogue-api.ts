import type { Profile } from '@slotwise/shared/accounts-types';
import {
  CATALOGUE_MESSAGES,
  CATEGORIES,
  categoriesResponseSchema,
  createServiceBodySchema,
  placesResponseSchema,
  serviceDeleteResponseSchema,
  serviceMessageResponseSchema,
  servicesResponseSchema,
  updateServiceBodySchema,
  type Place,
  type Service,
} from '@slotwise/shared/catalogue-schemas';
import {
  createTimeslotBodySchema,
  timeslotListResponseSchema,
  timeslotMessageResponseSchema,
  type Timeslot,
} from '@slotwise/shared/availability-slot-schemas';
import { contractError, contractJson, validationError } from './contract';
import { json, type ApiCall } from './mock-api';

/**
 * The catalogue endpoints (docs/product.md §11.1) of the in-memory API in booking-api.ts:
 * categories, places, the provider's services, and the provider's own slots with their
 * services' prices. Bodies are parsed with the server's shared request schemas and answers
 * checked against its response schemas, like every answer of the fake.
 */

/** The eight categories as the screens name them, in the product's order (docs/product.md §11). */
export const CATEGORY_NAMES = [
  'Barber',
  'Driver',
  'Tutor',
  'Photographer',
  'Mechanic',
  'Plumber',
  'Electrician',
  'Cleaner',
];

export const SPRINGFIELD: Place = {
  id: '4250542',
  name: 'Springfield',
  region: 'Illinois',
  country: 'US',
  country_name: 'United States',
  lat: 39.80172,
  lng: -89.64371,
  timezone: 'America/Chicago',
  population: 116565,
};

export const SAO_PAULO: Place = {
  id: '3448439',
  name: 'São Paulo',
  region: 'São Paulo',
  country: 'BR',
  country_name: 'Brazil',
  lat: -23.5475,
  lng: -46.63611,
  timezone: 'America/Sao_Paulo',
  population: 10021295,
};

export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    id: crypto.randomUUID(),
    name: 'Haircut',
    duration_minutes: 45,
    price_cents: 3500,
    currency: 'USD',
    description: '',
    active: true,
    ...overrides,
  };
}

/** A signed-in provider's own profile (GET /api/profile): Pat Slots, a barber. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'provider-user-1',
    firstName: 'Pat',
    first_name: 'Pat',
    lastName: 'Slots',
    last_name: 'Slots',
    email: 'pat@example.com',
    role: 'provider',
    timezone: 'America/New_York',
    profileImageUrl: null,
    profile_image_url: null,
    providerId: 'provider-1',
    providerDetails: { specialty: 'Barber', bio: '' },
    phone: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface CatalogueState {
  places: Place[];
  services: Service[];
  /** Services an appointment named: DELETE archives them instead. */
  bookedServiceIds: Set<string>;
  /** The provider's own slots (GET /timeslots/view). */
  ownSlots: Timeslot[];
  /** GET /profile answers this when set. */
  profile: Profile | null;
}

export function emptyCatalogue(): CatalogueState {
  return {
    places: [SPRINGFIELD, SAO_PAULO],
    services: [],
    bookedServiceIds: new Set(),
    ownSlots: [],
    profile: null,
  };
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function issues(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/** Answers a catalogue route, or undefined when `route` is not one. */
export function handleCatalogue(
  state: CatalogueState,
  route: string,
  call: ApiCall,
  id: string,
): Response | undefined {
  const url = new URL(call.url, 'http://localhost');
  const serviceAnswer = (status: number, message: string, service: Service) =>
    contractJson(route, serviceMessageResponseSchema, status, { message, service });
  const serviceNotFound = () =>
    contractError(route, 404, {
      message: CATALOGUE_MESSAGES.serviceNotFound,
      error: CATALOGUE_MESSAGES.serviceNotFound,
      code: 'NOT_FOUND',
    });
  switch (route) {
    case 'GET /api/categories':
      return contractJson(route, categoriesResponseSchema, 200, {
        categories: CATEGORIES.map(({ slug, name }) => ({ slug, name })),
      });

    case 'GET /api/places': {
      const q = fold(url.searchParams.get('q') ?? '');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const places = state.places.filter((place) => fold(place.name).startsWith(q));
      return contractJson(route, placesResponseSchema, 200, { places: places.slice(0, limit) });
    }

    case 'GET /api/profile':
      return state.profile ? json(200, { profile: state.profile }) : undefined;

    case 'GET /api/services':
      return contractJson(route, servicesResponseSchema, 200, { services: state.services });

    case 'POST /api/services': {
      const parsed = createServiceBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      const service = makeService(parsed.data);
      state.services.push(service);
      return serviceAnswer(201, CATALOGUE_MESSAGES.serviceCreated, service);
    }

    case 'PATCH /api/services/:id': {
      const service = state.services.find((s) => s.id === id);
      if (!service) return serviceNotFound();
      const parsed = updateServiceBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      Object.assign(
        service,
        Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
      );
      return serviceAnswer(200, CATALOGUE_MESSAGES.serviceUpdated, service);
    }

    case 'DELETE /api/services/:id': {
      const service = state.services.find((s) => s.id === id);
      if (!service) return serviceNotFound();
      const archived = state.bookedServiceIds.has(id);
      if (archived) service.active = false;
      else state.services = state.services.filter((s) => s.id !== id);
      return contractJson(route, serviceDeleteResponseSchema, 200, {
        message: archived ? CATALOGUE_MESSAGES.serviceArchived : CATALOGUE_MESSAGES.serviceDeleted,
        archived,
        service: archived ? service : null,
      });
    }

    case 'GET /api/timeslots/view':
      return contractJson(route, timeslotListResponseSchema, 200, { slots: state.ownSlots });

    case 'POST /api/timeslots/create': {
      const parsed = createTimeslotBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      const body = parsed.data;
      const service = body.serviceId
        ? state.services.find((s) => s.id === body.serviceId && s.active)
        : undefined;
      if (body.serviceId && !service) {
        return validationError(route, { serviceId: CATALOGUE_MESSAGES.serviceNotFound });
      }
      const slot: Timeslot = {
        id: crypto.randomUUID(),
        day: body.day,
        start_time: body.startTime,
        end_time: body.endTime,
        type: service?.name ?? body.type ?? 'Appointment',
        is_booked: false,
        service_id: service?.id ?? null,
        price_cents: service?.price_cents ?? null,
        currency: service?.currency ?? null,
      };
      state.ownSlots.push(slot);
      return contractJson(route, timeslotMessageResponseSchema, 201, {
        message: 'Time slot created successfully!',
        slot,
      });
    }
  }
  return undefined;
}
