/**
 * The public business page's choices, kept in its URL so that signing in to book comes back to
 * the same service, day, person and time (docs/product.md §13).
 */
export const BOOKING_PARAMS = {
  service: 'service',
  date: 'date',
  /** A staff member's provider id; none for "any staff". */
  person: 'person',
  /** The chosen time's `starts_at`. */
  time: 'time',
} as const;

/** How many days the day picker offers: today and the next 13 (the business's zone). */
export const BOOKING_DAYS = 14;

/** The card each section of the business page sits in (as the provider page's). */
export const cardClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
