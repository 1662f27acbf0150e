/**
 * 'Book Now' pressed while signed out (docs/product.md §14.1): the visitor's choice is kept in this
 * browser for an hour, so that when they come back to the slot signed in as a client the booking
 * is made without asking twice. Only a click on this page records it: a link someone else sends
 * (`?slot=` alone) never books anything.
 */

const STORAGE_KEY = 'slotwise.booking-intent';
const KEPT_FOR_MS = 60 * 60 * 1000;

interface BookingIntent {
  slotId: string;
  at: number;
}

/**
 * The intent when the browser refuses storage (the booking widget in another site's frame with
 * third-party site data blocked, docs/product.md §21.3): kept while the page is open.
 */
let inMemory: BookingIntent | null = null;

/** Remembers that the visitor asked to book `slotId` before signing in or registering. */
export function rememberBookingIntent(slotId: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ slotId, at: now } satisfies BookingIntent));
  } catch {
    // Storage refused (private mode, a third-party frame): this page remembers it instead.
    inMemory = { slotId, at: now };
  }
}

/** Whether the visitor asked to book `slotId` within the hour; the intent is used up either way. */
export function takeBookingIntent(slotId: string, now: number = Date.now()): boolean {
  let intent: Partial<BookingIntent> | null;
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    intent = raw ? (JSON.parse(raw) as Partial<BookingIntent>) : null;
    if (intent?.slotId === slotId) localStorage.removeItem(STORAGE_KEY);
  } catch {
    intent = inMemory;
  }
  if (!intent || intent.slotId !== slotId) return false;
  if (intent === inMemory) inMemory = null;
  return typeof intent.at === 'number' && now - intent.at >= 0 && now - intent.at < KEPT_FOR_MS;
}
