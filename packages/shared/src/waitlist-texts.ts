import { englishText, type Translate } from './english-text';
import type { WaitlistEntryStatus } from './waitlist-schemas';

/**
 * What the web pages say about the waitlist (docs/product.md §17, docs/decisions/069-waitlist.md):
 * the join form on a provider's page, the client's /waitlist page with its offers, the live
 * offer toast and the provider's waitlist. The messages the server also sends are
 * WAITLIST_MESSAGES (waitlist-schemas.ts).
 */
export const WAITLIST_TEXTS = {
  join: 'Join the waitlist',
  signInToJoin: 'Sign in to join the waitlist',
  noFreeTime: "No free time right now. Join the waitlist and we'll tell you the moment one opens.",
  noTimeSuits: 'No time that suits you?',
  joinIntro:
    'Tell us up to 5 days you could come, with hours if you like. When a time opens we hold it for you and let you know.',
  windowsLegend: 'Days you could come',
  windowDate: 'Date',
  windowFrom: 'From (optional)',
  windowTo: 'To (optional)',
  addWindow: 'Add another day',
  service: 'Service (optional)',
  anyService: 'Any service',
  joining: 'Joining...',
  joinFailed: 'Could not join the waitlist. Check your connection and try again.',
  pageTitle: 'Waitlist',
  offersTitle: 'Times held for you',
  entriesTitle: 'You are waiting for',
  loadingEntries: 'Loading your waitlist...',
  loadEntriesFailed: 'Failed to load your waitlist',
  loadingOffers: 'Loading offers...',
  loadOffersFailed: 'Failed to load your offers',
  noEntries:
    "You are not on any waitlist. When no time suits you, join one from a provider's page.",
  bookIt: 'Book it',
  booking: 'Booking...',
  decline: 'Decline',
  declining: 'Declining...',
  remove: 'Remove',
  removing: 'Removing...',
  heldFor: 'Held for you',
  timeLeft: 'Time left',
  bookFailed: 'Could not book this time. Check your connection and try again.',
  declineFailed: 'Could not decline the offer. Check your connection and try again.',
  removeFailed: 'Could not remove the entry. Check your connection and try again.',
  liveOfferMessage: 'A time opened and is held for you. Book it before the time runs out.',
  booked: 'Booked',
  seeAppointments: 'See your appointments',
  anyTime: 'any time',
  providerTitle: 'Waitlist',
  providerIntro: 'Clients waiting for a time with you, in the order a freed time is offered.',
  providerEmpty: 'Nobody is waiting for a time with you.',
  loadingProvider: 'Loading the waitlist...',
  loadProviderFailed: 'Failed to load the waitlist',
  refilledLabel: 'Freed slots refilled (30 days)',
  seeWaitlist: 'See who is waiting',
} as const;

/** An entry's status as the lists name it. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistEntryStatus, string> = {
  waiting: 'Waiting',
  offered: 'Time offered',
  booked: 'Booked',
  removed: 'Removed',
  ended: 'Ended',
};

/** The dashboard's figure: 'Freed slots refilled (30 days): 3'. */
export function refilledText(count: number, t: Translate = englishText): string {
  return t('Freed slots refilled (30 days): {{total}}', { total: count });
}
