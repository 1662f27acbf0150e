/**
 * The one source of every enumerated value the API, the database schema
 * (apps/server/src/db/schema.ts) and the web app share.
 */

export const USER_ROLES = ['client', 'provider'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What an appointment is; 'completed' is shown for a booked appointment whose end has passed. */
export const APPOINTMENT_STATUSES = ['booked', 'canceled', 'completed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What happened to an appointment (the `appointment_events` rows the stats read). */
export const APPOINTMENT_EVENT_TYPES = ['booked', 'canceled', 'rescheduled'] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

export const NOTIFICATION_TYPES = ['new', 'canceled', 'rescheduled'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
