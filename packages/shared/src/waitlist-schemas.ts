import { isIsoDate, isTime, secondsOf } from './dates';
import { z } from './zod';
import { englishText, type Translate } from './english-text';
import { msg } from './locales';

/**
 * The waitlist (docs/product.md §17, docs/decisions/069-waitlist.md): a client asks to be told
 * when a time opens with a provider inside up to five date windows; a freed slot is offered to
 * ONE waiting client at a time and held for them. Schemas and texts, written once for the forms
 * and the server. Windows are wall-clock in the provider's zone.
 */

export const MAX_WAITLIST_WINDOWS = 5;
/** How far ahead a window may lie (the same horizon as a booking can reach). */
export const MAX_WAITLIST_DAYS_AHEAD = 180;
/** Entries one client may keep waiting at once. */
export const MAX_WAITING_ENTRIES = 20;

/** An entry's life: waiting (or holding an offer), booked through an offer, removed, or over. */
export const WAITLIST_ENTRY_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'removed',
  'ended',
] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** An offer's life: held for the client, then accepted, declined or run out. */
export const WAITLIST_OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  providerIdInvalid: msg('Invalid provider id'),
  serviceIdInvalid: msg('Invalid service id'),
  windowsRequired: msg('Add at least one day you could come'),
  windowsTooMany: msg('At most 5 windows'),
  dateInvalid: msg('Enter a valid date (YYYY-MM-DD)'),
  timeInvalid: msg('Enter a valid time (HH:MM)'),
  windowOrder: msg('The window must end after it starts'),
  windowPast: msg('Choose a window that has not passed yet'),
  windowTooFar: msg('Choose a day within 180 days'),
  providerNotFound: msg('Provider not found'),
  serviceNotOffered: msg('This provider does not offer that service'),
  ownWaitlist: msg('You cannot join your own waitlist'),
  tooManyEntries: msg('You can wait for at most 20 providers at once'),
  entryNotFound: msg('Waitlist entry not found'),
  invalidEntryId: msg('Invalid waitlist entry id'),
  invalidOfferId: msg('Invalid offer id'),
  offerNotFound: msg('Offer not found'),
  offerExpired: msg('This offer has run out and the time went to the next person waiting'),
  offerClosed: msg('This offer is no longer open'),
  slotHeld: msg('This time is held for someone on the waitlist. Please choose another time'),
  joined: msg("You're on the waitlist. We'll tell you the moment a time opens"),
  removed: msg('Removed from the waitlist'),
  declined: msg('Offer declined. We passed the time on'),
  offerTitle: msg('Slot Available'),
} as const;

/** The stored notification's and the mail's text of an offer (wall clock in the provider's zone). */
export function offerMessage(
  offer: {
    providerName: string;
    serviceName: string | null;
    day: string;
    startTime: string;
    holdMinutes: number;
  },
  t: Translate = englishText,
): string {
  const what = offer.serviceName
    ? t('{{service}} with {{provider}}', {
        service: offer.serviceName,
        provider: offer.providerName,
      })
    : offer.providerName;
  return t(
    'A time opened: {{what}} on {{day}} at {{time}}. It is held for you for {{minutes}} minutes',
    { what, day: offer.day, time: offer.startTime.slice(0, 5), minutes: offer.holdMinutes },
  );
}

const dateField = z.string({ error: WAITLIST_MESSAGES.dateInvalid }).refine(isIsoDate, {
  message: WAITLIST_MESSAGES.dateInvalid,
});
const timeField = z
  .string({ error: WAITLIST_MESSAGES.timeInvalid })
  .refine(isTime, { message: WAITLIST_MESSAGES.timeInvalid });

/** One window: a date, optionally narrowed to from–to (a whole day when both are left out). */
export const waitlistWindowSchema = z
  .object({
    date: dateField,
    from: timeField.nullish(),
    to: timeField.nullish(),
  })
  .superRefine((window, ctx) => {
    if (window.from && window.to && secondsOf(window.to) <= secondsOf(window.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: WAITLIST_MESSAGES.windowOrder });
    }
  });
export type WaitlistWindowInput = z.infer<typeof waitlistWindowSchema>;

/** POST /api/waitlist */
export const joinWaitlistSchema = z.object({
  providerId: z.uuid(WAITLIST_MESSAGES.providerIdInvalid),
  serviceId: z.uuid(WAITLIST_MESSAGES.serviceIdInvalid).nullish(),
  windows: z
    .array(waitlistWindowSchema, { error: WAITLIST_MESSAGES.windowsRequired })
    .min(1, WAITLIST_MESSAGES.windowsRequired)
    .max(MAX_WAITLIST_WINDOWS, WAITLIST_MESSAGES.windowsTooMany),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** A window as the API answers it: `from`/`to` are `HH:MM`, a whole day is 00:00–24:00. */
export const waitlistWindowViewSchema = z.object({
  date: z.string(),
  from: z.string(),
  to: z.string(),
});
export type WaitlistWindowView = z.infer<typeof waitlistWindowViewSchema>;

/** The client's own entry (GET /api/waitlist, POST's answer). */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  provider_first_name: z.string(),
  provider_last_name: z.string(),
  service_id: z.string().nullable(),
  service_name: z.string().nullable(),
  timezone: z.string(),
  windows: z.array(waitlistWindowViewSchema),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  created_at: z.string(),
  ends_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** An offer, as its client sees it (GET /api/waitlist/offers). */
export const waitlistOfferSchema = z.object({
  id: z.string(),
  entry_id: z.string(),
  timeslot_id: z.string(),
  provider_id: z.string(),
  provider_first_name: z.string(),
  provider_last_name: z.string(),
  service_name: z.string().nullable(),
  timezone: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  expires_at: z.string(),
  appointment_id: z.string().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** Who waits for a provider (GET /api/provider/waitlist), oldest first: the order offers go in. */
export const providerWaitlistEntrySchema = z.object({
  id: z.string(),
  position: z.number(),
  client_first_name: z.string(),
  client_last_name: z.string(),
  service_name: z.string().nullable(),
  windows: z.array(waitlistWindowViewSchema),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  created_at: z.string(),
});
export type ProviderWaitlistEntry = z.infer<typeof providerWaitlistEntrySchema>;

export const providerWaitlistSchema = z.object({
  entries: z.array(providerWaitlistEntrySchema),
  /** Freed slots booked through an offer in the last 30 days (the dashboard's figure). */
  refilled_last_30_days: z.number(),
});
export type ProviderWaitlist = z.infer<typeof providerWaitlistSchema>;

export const waitlistEntriesSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export const waitlistOffersSchema = z.object({ offers: z.array(waitlistOfferSchema) });
