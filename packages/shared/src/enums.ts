/**
 * The one source of every enumerated value the API, the database schema
 * (apps/server/src/db/schema/) and the web app share.
 */

export const USER_ROLES = ['client', 'provider'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Every role an account can have: the two a person registers as, and `admin`, which only an
 * address listed in ADMIN_EMAILS receives once verified (docs/decisions/072-operating-the-marketplace.md).
 */
export const ACCOUNT_ROLES = [...USER_ROLES, 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** 'completed' is derived at read time (a booked one whose end passed); 'no_show' is stored. */
/**
 * `pending_payment`: the slot is held while the client pays; `expired`: not paid in time, the slot
 * was released (docs/decisions/068-payments.md).
 */
export const APPOINTMENT_STATUSES = [
  'booked',
  'canceled',
  'completed',
  'no_show',
  'pending_payment',
  'expired',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What happened to an appointment (the `appointment_events` rows the stats read). */
export const APPOINTMENT_EVENT_TYPES = ['booked', 'canceled', 'rescheduled'] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

/** 'reminder': the 24 h and 2 h reminders, stored when their job runs (docs/product.md §14.4). */
export const NOTIFICATION_TYPES = [
  'new',
  'canceled',
  'rescheduled',
  'review',
  'reminder',
  'waitlist_offer',
  'calendar_sync',
  'provider_suspended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
