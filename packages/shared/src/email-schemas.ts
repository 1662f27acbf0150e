import { msg } from './locales';
import { z } from './zod';
import { issueAt } from './common-schemas';
import { registrationPasswordField } from './accounts-schemas';
import { emailField } from './accounts-login-schemas';
import { MESSAGES } from './texts';
import { channelMatrixPatchSchema, channelMatrixSchema } from './phones-schemas';

/**
 * Email and calendars: request bodies, answers and user-facing texts, used by the server's
 * routes and the web screens alike (docs/decisions/042-job-queue.md, 044-email-and-calendars.md).
 */

export const EMAIL_MESSAGES = {
  // Honest resend: POST /api/verify-email. The first is SPEC's text (docs/product.md §8) for an actual send.
  resendSent: MESSAGES.resendSucceeded,
  resendCoolingDown: msg(
    'A verification email was sent less than a minute ago. Please wait before asking again.',
  ),
  // Password reset
  forgotPasswordSent: msg(
    'If an account exists for this address, we have sent a link to reset the password. It is valid for 1 hour.',
  ),
  resetLinkInvalid: msg(
    'This password reset link is invalid or has expired. Please ask for a new one.',
  ),
  passwordResetDone: msg('Your password has been changed. Please sign in with your new password.'),
  // Preferences and calendar feed
  preferencesSaved: msg('Notification preferences saved'),
  feedUrlReset: msg('Your calendar link has been replaced. The old link no longer works.'),
  // One-click unsubscribe (RFC 8058) from a mail's List-Unsubscribe link
  unsubscribeLinkInvalid: msg(
    'This unsubscribe link is not valid. You can choose which emails you get in your notification preferences.',
  ),
} as const;

/**
 * What a one-click unsubscribe turns off, per preference: the landing page's question and button,
 * and the confirmation. Booking updates cover booking mail, review requests and message digests.
 */
export const UNSUBSCRIBE_TEXTS = {
  emailReminders: {
    what: msg('appointment reminders'),
    question: msg('Stop appointment reminder emails?'),
    button: msg('Unsubscribe from reminders'),
    done: msg('You will no longer get appointment reminders by email.'),
  },
  emailBookingUpdates: {
    what: msg('booking updates'),
    question: msg('Stop booking update emails?'),
    button: msg('Unsubscribe from booking updates'),
    done: msg(
      'You will no longer get emails about booking changes, review requests or unread messages.',
    ),
  },
} as const satisfies Record<
  'emailReminders' | 'emailBookingUpdates',
  { what: string; question: string; button: string; done: string }
>;
export const UNSUBSCRIBE_PAGE_TEXTS = {
  title: msg('Email preferences'),
  manage: msg('Choose which emails you get in your notification preferences'),
} as const;

/** Web paths that mail links to (the screens live in the web app). */
export const EMAIL_LINK_PATHS = {
  resetPassword: '/reset-password',
  emailVerification: '/email-verification',
  /** The notification preferences screen (mail footers link to it). */
  notificationPreferences: '/notification-preferences',
  clientAppointments: '/client/appointments',
  providerAppointments: '/dashboard/appointments',
} as const;

/** Seconds between two verification (or reset) mails to one address. */
export const MAIL_COOLDOWN_SECONDS = 60;

export const resendVerificationResponseSchema = z.object({
  message: z.string(),
  /** Seconds until the button may ask again (0: now). The same for every address. */
  retryAfterSeconds: z.number().int().min(0),
});
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: EMAIL_MESSAGES.resetLinkInvalid })
    .min(16, EMAIL_MESSAGES.resetLinkInvalid)
    .max(200, EMAIL_MESSAGES.resetLinkInvalid),
  password: registrationPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

/** The reset-password screen's form: SPEC's registration password rules plus a confirmation. */
export const resetPasswordFormSchema = z
  .object({
    password: registrationPasswordField,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine(
    (v) => v.password === v.confirmPassword,
    issueAt('confirmPassword', MESSAGES.passwordsMustMatch),
  );
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** SPEC's two mail settings (docs/product.md §10). */
export const mailPreferencesSchema = z.object({
  emailReminders: z.boolean(),
  emailBookingUpdates: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/**
 * The answer: SPEC's two fields, and the event × channel matrix they are part of
 * (docs/product.md §20.4): `emailReminders` is `channels.reminder.email`, `emailBookingUpdates`
 * is `channels.booking.email` and `channels.change.email` together.
 */
export const notificationPreferencesSchema = mailPreferencesSchema.extend({
  channels: channelMatrixSchema,
  /** Devices of the caller subscribed to web push. */
  push_devices: z.number(),
  /** A confirmed phone number that has not answered STOP: SMS can be turned on. */
  sms_ready: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH body: SPEC's fields and/or part of the matrix, at least one. */
export const notificationPreferencesPatchSchema = mailPreferencesSchema
  .partial()
  .extend({ channels: channelMatrixPatchSchema.optional() })
  .strict()
  .refine(
    (v) =>
      v.emailReminders !== undefined ||
      v.emailBookingUpdates !== undefined ||
      (v.channels !== undefined && Object.keys(v.channels).length > 0),
    { message: msg('Nothing to change') },
  );
export type NotificationPreferencesPatch = z.input<typeof notificationPreferencesPatchSchema>;

export const notificationPreferencesResponseSchema = z.object({
  preferences: notificationPreferencesSchema,
  message: z.string().optional(),
});

/** `?token=` of GET/POST /api/email/unsubscribe: a signed token, 44 base64url characters. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: EMAIL_MESSAGES.unsubscribeLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{44}$/, EMAIL_MESSAGES.unsubscribeLinkInvalid),
});

/** POST /api/email/unsubscribe answer (to a mail provider's one-click request). */
export const unsubscribeResponseSchema = z.object({ message: z.string() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const feedUrlResponseSchema = z.object({ url: z.string(), message: z.string().optional() });
export type FeedUrlResponse = z.infer<typeof feedUrlResponseSchema>;
