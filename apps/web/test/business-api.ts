import {
  BUSINESS_MESSAGES,
  acceptInvitationBodySchema,
  createBusinessBodySchema,
  createResourceBodySchema,
  invitationSchema,
  inviteStaffBodySchema,
  mergedSlotsResponseSchema,
  ownBusinessResponseSchema,
  ownBusinessSchema,
  publicBusinessResponseSchema,
  resourceSchema,
  staffBookingsSchema,
  type MergedSlot,
  type OwnBusiness,
  type PublicBusiness,
  type PublicBusinessService,
  type StaffMember,
} from '@slotwise/shared/business-schemas';
import { clientAppointmentMessageResponseSchema } from '@slotwise/shared/appointments-schemas';
import type { ErrorCode } from '@slotwise/shared/api-error-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { z } from '@slotwise/shared/zod';
import { makeClientAppointment, PROVIDER_ID, type ExtraRoutes } from './booking-api';
import { contractError, contractJson, errorBody, validationError } from './contract';
import type { ApiCall } from './mock-api';

/**
 * The business endpoints of docs/product.md §13.1, in memory, for the web's tests: the provider's
 * own business, invitations, staff removal, resources, the public page, its merged free times
 * and the "any staff" booking. Bodies are parsed with the server's shared schemas and every
 * answer is checked against its response schemas (test/contract.ts), like the other fakes.
 */

export const BUSINESS_ID = '33333333-3333-4333-8333-333333333333';
export const STAFF_ID = '44444444-4444-4444-8444-444444444444';
export const OTHER_STAFF_ID = '55555555-5555-4555-8555-555555555555';

export function makeStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    provider_id: crypto.randomUUID(),
    first_name: 'Sam',
    last_name: 'Staff',
    profile_image_url: null,
    is_owner: false,
    rating: null,
    review_count: 0,
    ...overrides,
  };
}

/** The signed-in provider (PROVIDER_ID) owns "Cut & Co" with Bea Barber on its staff. */
export function makeOwnBusiness(overrides: Partial<OwnBusiness> = {}): OwnBusiness {
  return {
    id: BUSINESS_ID,
    name: 'Cut & Co',
    owner_provider_id: PROVIDER_ID,
    is_owner: true,
    staff: [
      makeStaffMember({
        provider_id: PROVIDER_ID,
        first_name: 'Cleo',
        last_name: 'Client',
        is_owner: true,
      }),
      makeStaffMember({ provider_id: STAFF_ID, first_name: 'Bea', last_name: 'Barber' }),
    ],
    resources: [],
    invitations: [],
    ...overrides,
  };
}

export function makePublicService(
  overrides: Partial<PublicBusinessService> = {},
): PublicBusinessService {
  return {
    id: crypto.randomUUID(),
    name: 'Haircut',
    description: '',
    duration_minutes: 30,
    price_cents: 3000,
    currency: 'USD',
    provider_ids: [STAFF_ID, OTHER_STAFF_ID],
    ...overrides,
  };
}

export function makePublicBusiness(overrides: Partial<PublicBusiness> = {}): PublicBusiness {
  return {
    id: BUSINESS_ID,
    name: 'Cut & Co',
    timezone: 'America/New_York',
    staff: [
      makeStaffMember({
        provider_id: STAFF_ID,
        first_name: 'Bea',
        last_name: 'Barber',
        rating: 4.5,
        review_count: 2,
      }),
      makeStaffMember({ provider_id: OTHER_STAFF_ID, first_name: 'Otto', last_name: 'Shears' }),
    ],
    services: [makePublicService()],
    rating: 4.5,
    reviewCount: 2,
    ...overrides,
  };
}

export interface BusinessState {
  /** GET /business answers it (null: the provider has none). */
  own: OwnBusiness | null;
  /** GET /businesses/:id answers it for its id. */
  public: PublicBusiness | null;
  /** The merged free times of the public page, whatever the service; `date` picks a day. */
  slots: (serviceId: string, date: string) => MergedSlot[];
  /** Future bookings of staff members: removing one without a choice is 409. */
  upcoming: Record<string, { id: string; starts_at: string; client_name: string }[]>;
  /** Invitation tokens and how accepting them goes. */
  tokens: Record<string, 'ok' | ErrorCode | 'unknown'>;
  /** Who an "any staff" booking goes to; a code refuses it instead. */
  anyStaff: { provider: StaffMember } | { refuse: ErrorCode; message: string };
}

export function emptyBusinessState(): BusinessState {
  return {
    own: null,
    public: null,
    slots: () => [],
    upcoming: {},
    tokens: {},
    anyStaff: {
      provider: makeStaffMember({ provider_id: STAFF_ID, first_name: 'Bea', last_name: 'Barber' }),
    },
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function refuse(route: string, status: number, code: ErrorCode, message: string) {
  return contractError(route, status, errorBody(code, message));
}

function issues(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

const withMessage = <T extends z.ZodType>(key: string, schema: T) =>
  z.object({ message: z.string(), [key]: schema });

/** The routes of `state`, to hand to bookingApiForEachTest or mockScheduleApi as `extra`. */
export function businessRoutes(state: BusinessState): ExtraRoutes {
  return (call: ApiCall, route: string) => answer(state, call, route);
}

function answer(state: BusinessState, call: ApiCall, route: string): Response | undefined {
  const url = new URL(call.url, 'http://localhost');
  const id = call.path.match(UUID)?.[0] ?? '';
  const own = state.own;
  switch (route) {
    case 'GET /api/business':
      return contractJson(route, ownBusinessResponseSchema, 200, { business: own });
    case 'POST /api/business': {
      const parsed = createBusinessBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      if (own) return refuse(route, 409, 'ALREADY_IN_BUSINESS', BUSINESS_MESSAGES.ownerHasBusiness);
      state.own = makeOwnBusiness({ name: parsed.data.name, staff: [makeOwnBusiness().staff[0]!] });
      return contractJson(route, withMessage('business', ownBusinessSchema), 201, {
        message: BUSINESS_MESSAGES.businessCreated,
        business: state.own,
      });
    }
    case 'POST /api/business/invitations': {
      const parsed = inviteStaffBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      const invitation = {
        id: crypto.randomUUID(),
        email: parsed.data.email,
        expires_at: '2030-06-21T10:00:00.000Z',
        accepted_at: null,
      };
      own?.invitations.push(invitation);
      return contractJson(route, withMessage('invitation', invitationSchema), 201, {
        message: BUSINESS_MESSAGES.invitationSent,
        invitation,
      });
    }
    case 'POST /api/business/invitations/accept': {
      const { token } = acceptInvitationBodySchema.parse(call.body);
      const outcome = state.tokens[token] ?? 'unknown';
      if (outcome === 'unknown') {
        return refuse(route, 404, 'NOT_FOUND', BUSINESS_MESSAGES.invitationNotFound);
      }
      if (outcome !== 'ok') {
        const messages: Partial<Record<ErrorCode, string>> = {
          INVITATION_EXPIRED: BUSINESS_MESSAGES.invitationExpired,
          INVITATION_USED: BUSINESS_MESSAGES.invitationUsed,
          ALREADY_IN_BUSINESS: BUSINESS_MESSAGES.alreadyInBusiness,
        };
        return refuse(route, 409, outcome, messages[outcome] ?? outcome);
      }
      state.own = makeOwnBusiness({ is_owner: false, owner_provider_id: STAFF_ID });
      return contractJson(route, withMessage('business', ownBusinessSchema), 200, {
        message: BUSINESS_MESSAGES.invitationAccepted,
        business: state.own,
      });
    }
    case 'GET /api/business/staff/:id/upcoming':
      return contractJson(route, staffBookingsSchema, 200, {
        appointments: state.upcoming[id] ?? [],
      });
    case 'DELETE /api/business/staff/:id': {
      const choice = url.searchParams.get('futureBookings');
      const bookings = state.upcoming[id] ?? [];
      if (bookings.length > 0 && !choice) {
        return refuse(route, 409, 'STAFF_HAS_BOOKINGS', BUSINESS_MESSAGES.staffHasBookings);
      }
      if (own) own.staff = own.staff.filter((member) => member.provider_id !== id);
      delete state.upcoming[id];
      return contractJson(route, z.object({ message: z.string(), canceled: z.number() }), 200, {
        message: BUSINESS_MESSAGES.staffRemoved,
        canceled: choice === 'cancel' ? bookings.length : 0,
      });
    }
    case 'POST /api/business/resources': {
      const parsed = createResourceBodySchema.safeParse(call.body);
      if (!parsed.success) return validationError(route, issues(parsed.error));
      const resource = { id: crypto.randomUUID(), name: parsed.data.name };
      own?.resources.push(resource);
      return contractJson(route, withMessage('resource', resourceSchema), 201, {
        message: BUSINESS_MESSAGES.resourceCreated,
        resource,
      });
    }
    case 'DELETE /api/business/resources/:id':
      if (own) own.resources = own.resources.filter((resource) => resource.id !== id);
      return contractJson(route, z.object({ message: z.string() }), 200, {
        message: BUSINESS_MESSAGES.resourceDeleted,
      });
    case 'GET /api/businesses/:id':
      if (!state.public || state.public.id !== id) {
        return refuse(route, 404, 'NOT_FOUND', BUSINESS_MESSAGES.businessNotFound);
      }
      return contractJson(route, publicBusinessResponseSchema, 200, { business: state.public });
    case 'GET /api/businesses/:id/available-slots': {
      const serviceId = url.searchParams.get('serviceId') ?? '';
      const date = url.searchParams.get('date') ?? '';
      return contractJson(route, mergedSlotsResponseSchema, 200, {
        slots: state.slots(serviceId, date),
      });
    }
    case 'POST /api/appointment/booking': {
      const body = call.body as { businessId: string; serviceId: string; startsAt: string };
      if ('refuse' in state.anyStaff) {
        return refuse(route, 409, state.anyStaff.refuse, state.anyStaff.message);
      }
      const { provider } = state.anyStaff;
      const appointment = makeClientAppointment({
        provider_id: provider.provider_id,
        provider_first_name: provider.first_name,
        provider_last_name: provider.last_name,
        starts_at: body.startsAt,
      });
      return contractJson(route, clientAppointmentMessageResponseSchema, 201, {
        message: MESSAGES.appointmentBooked,
        appointment,
      });
    }
  }
  return undefined;
}
