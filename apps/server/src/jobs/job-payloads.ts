import { z } from 'zod';

/**
 * Job kinds and their payloads (parsed again when the job runs): what the modules that enqueue
 * a job (appointments, accounts, messages) and the one that runs it (email) agree on.
 */

export const APPOINTMENT_MAIL_JOB = 'email.appointment-change';
export const REMINDER_JOB = 'email.appointment-reminder';
export const REVIEW_REQUEST_JOB = 'email.review-request';
export const PASSWORD_RESET_JOB = 'email.password-reset';
export const VERIFICATION_JOB = 'email.verification';
/** A business's invitation to a staff member (docs/product.md §13.1). */
export const BUSINESS_INVITATION_JOB = 'email.business-invitation';

/** Hours before the start at which reminders go out. */
export const REMINDER_HOURS = [24, 2] as const;

const role = z.enum(['client', 'provider']);
const instant = z.iso.datetime();

export const changeMailPayload = z.object({
  appointmentId: z.uuid(),
  type: z.enum(['booked', 'canceled', 'rescheduled']),
  actorRole: role,
  recipientRole: role,
  recipientUserId: z.uuid(),
  sequence: z.number().int().min(0),
  serviceType: z.string(),
  startsAt: instant,
  endsAt: instant,
  previousStartsAt: instant.nullable(),
  previousEndsAt: instant.nullable(),
  providerName: z.string(),
  clientName: z.string(),
});
export type ChangeMailPayload = z.infer<typeof changeMailPayload>;

/**
 * A series' one booking mail to its client (docs/decisions/067-seats-and-series.md): the job
 * reads the series' booked occurrences when it runs.
 */
export const SERIES_MAIL_JOB = 'email.series-booked';
export const seriesMailPayload = z.object({ seriesId: z.uuid(), recipientUserId: z.uuid() });
export type SeriesMailPayload = z.infer<typeof seriesMailPayload>;

export const reminderPayload = z.object({
  appointmentId: z.uuid(),
  hoursBefore: z.number().int().positive(),
  startsAt: instant,
  recipientRole: role,
  recipientUserId: z.uuid(),
});
export type ReminderPayload = z.infer<typeof reminderPayload>;

export const reviewRequestPayload = z.object({
  appointmentId: z.uuid(),
  endsAt: instant,
  recipientUserId: z.uuid(),
});
export type ReviewRequestPayload = z.infer<typeof reviewRequestPayload>;

/** The token is made when the job runs: no raw token is ever stored, not even in a job. */
export const passwordResetPayload = z.object({ userId: z.uuid() });
export type PasswordResetPayload = z.infer<typeof passwordResetPayload>;

/** Likewise the verification link: the job mints the token, only its hash is stored. */
export const verificationPayload = z.object({ userId: z.uuid() });
export type VerificationPayload = z.infer<typeof verificationPayload>;

/** Unread-message digest (docs/decisions/043-messages.md): enqueued by the send statement. */
export const MESSAGE_DIGEST_JOB = 'email.message-digest';
export const MESSAGE_DIGEST_DELAY_MINUTES = 15;

/** `fromMessageId`: the message that enqueued it; earlier unread ones had their own digest. */
export const messageDigestPayload = z.object({
  conversationId: z.uuid(),
  recipientUserId: z.uuid(),
  fromMessageId: z.uuid(),
});
export type MessageDigestPayload = z.infer<typeof messageDigestPayload>;

/**
 * Slots just created or generated, offered to the waitlist once committed (the waitlist module
 * runs it, docs/decisions/069-waitlist.md). Queued only for a provider someone waits for.
 */
export const OFFER_NEW_SLOTS_JOB = 'waitlist.offer-new-slots';

/**
 * A provider's suspension told by mail (docs/product.md §19.4): to each client with bookings
 * still to come (that they may cancel at no fee), and to the provider (the operator's note and
 * how to appeal). The job reads the suspension and the appointments when it runs.
 */
export const PROVIDER_SUSPENDED_MAIL_JOB = 'email.provider-suspended';
export const providerSuspendedMailPayload = z.object({
  providerId: z.uuid(),
  recipientUserId: z.uuid(),
  recipientRole: role,
});
export type ProviderSuspendedMailPayload = z.infer<typeof providerSuspendedMailPayload>;
