import {
  clientAppointmentMessageResponseSchema,
  type ClientAppointment,
} from '@slotwise/shared/appointments-schemas';
import {
  joinWaitlistSchema,
  providerWaitlistSchema,
  WAITLIST_MESSAGES,
  waitlistEntriesSchema,
  waitlistOffersSchema,
  type ProviderWaitlistEntry,
  type WaitlistEntry,
  type WaitlistOffer,
} from '@slotwise/shared/waitlist-schemas';
import {
  joinWaitlistResponseSchema,
  waitlistMessageResponseSchema,
} from '@slotwise/shared/waitlist-api-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { makeClientAppointment, type ExtraRoutes } from './booking-api';
import { contractJson, validationError } from './contract';
import type { ApiCall } from './mock-api';

/**
 * An in-memory stand-in for the waitlist endpoints (docs/product.md §17), added to the booking
 * fake as its extra routes. Every answer is checked against the shared schemas (test/contract.ts).
 */
export interface WaitlistState {
  entries: WaitlistEntry[];
  offers: WaitlistOffer[];
  providerEntries: ProviderWaitlistEntry[];
  refilled: number;
  /** What accepting an offer books (status 'booked' unless a test says otherwise). */
  booked: (offer: WaitlistOffer) => ClientAppointment;
  /** Answers the next accept instead (a refusal). */
  refuseNextAccept: Response | null;
}

export function emptyWaitlist(): WaitlistState {
  return {
    entries: [],
    offers: [],
    providerEntries: [],
    refilled: 0,
    booked: (offer) =>
      makeClientAppointment({
        day: offer.day,
        provider_id: offer.provider_id,
        provider_first_name: offer.provider_first_name,
        provider_last_name: offer.provider_last_name,
      }),
    refuseNextAccept: null,
  };
}

export function makeOffer(overrides: Partial<WaitlistOffer> = {}): WaitlistOffer {
  const day = overrides.day ?? '2030-06-14';
  return {
    id: crypto.randomUUID(),
    entry_id: crypto.randomUUID(),
    timeslot_id: crypto.randomUUID(),
    provider_id: crypto.randomUUID(),
    provider_first_name: 'Bea',
    provider_last_name: 'Stone',
    service_name: 'Massage',
    timezone: 'America/New_York',
    day,
    start_time: '10:00:00',
    end_time: '11:00:00',
    starts_at: `${day}T14:00:00.000Z`,
    ends_at: `${day}T15:00:00.000Z`,
    status: 'offered',
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    appointment_id: null,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: crypto.randomUUID(),
    provider_id: crypto.randomUUID(),
    provider_first_name: 'Bea',
    provider_last_name: 'Stone',
    service_id: null,
    service_name: null,
    timezone: 'America/New_York',
    windows: [{ date: '2030-06-14', from: '00:00', to: '24:00' }],
    status: 'waiting',
    created_at: new Date().toISOString(),
    ends_at: '2030-06-15T04:00:00.000Z',
    ...overrides,
  };
}

/** The waitlist routes over `state` (read when called, so a test may change it meanwhile). */
export function waitlistRoutes(state: () => WaitlistState): ExtraRoutes {
  return (call: ApiCall, route: string) => {
    const current = state();
    const offerOf = () => current.offers.find((offer) => call.path.includes(offer.id));
    switch (route) {
      case 'GET /api/waitlist':
        // Newest first (docs/product.md §17.1).
        return contractJson(route, waitlistEntriesSchema, 200, {
          entries: [...current.entries].reverse(),
        });
      case 'POST /api/waitlist': {
        const parsed = joinWaitlistSchema.safeParse(call.body);
        if (!parsed.success) {
          return validationError(
            route,
            Object.fromEntries(
              parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
            ),
          );
        }
        const entry = makeEntry({
          provider_id: parsed.data.providerId,
          service_id: parsed.data.serviceId ?? null,
          windows: parsed.data.windows.map((window) => ({
            date: window.date,
            from: window.from ?? '00:00',
            to: window.to ?? '24:00',
          })),
        });
        current.entries = [...current.entries, entry];
        return contractJson(route, joinWaitlistResponseSchema, 201, {
          message: WAITLIST_MESSAGES.joined,
          entry,
        });
      }
      case 'DELETE /api/waitlist/:id':
        // Removed entries are left out of the list (docs/product.md §17.1).
        current.entries = current.entries.filter((entry) => !call.path.endsWith(entry.id));
        return contractJson(route, waitlistMessageResponseSchema, 200, {
          message: WAITLIST_MESSAGES.removed,
        });
      case 'GET /api/waitlist/offers':
        return contractJson(route, waitlistOffersSchema, 200, { offers: current.offers });
      case 'POST /api/waitlist/offers/:id/accept': {
        const refusal = current.refuseNextAccept;
        if (refusal) {
          current.refuseNextAccept = null;
          return refusal;
        }
        const offer = offerOf();
        if (!offer) return undefined;
        const appointment = current.booked(offer);
        current.offers = current.offers.map((other) =>
          other === offer
            ? { ...offer, status: 'accepted', appointment_id: appointment.appointment_id }
            : other,
        );
        return contractJson(route, clientAppointmentMessageResponseSchema, 201, {
          message: MESSAGES.appointmentBooked,
          appointment,
        });
      }
      case 'POST /api/waitlist/offers/:id/decline': {
        const offer = offerOf();
        if (!offer) return undefined;
        current.offers = current.offers.map((other) =>
          other === offer ? { ...offer, status: 'declined' } : other,
        );
        return contractJson(route, waitlistMessageResponseSchema, 200, {
          message: WAITLIST_MESSAGES.declined,
        });
      }
      case 'GET /api/provider/waitlist':
        return contractJson(route, providerWaitlistSchema, 200, {
          entries: current.providerEntries,
          refilled_last_30_days: current.refilled,
        });
    }
    return undefined;
  };
}
