import { msg } from './locales';
import { messageWith, stringFields } from './common-schemas';
import { z } from './zod';

/**
 * On the phone (docs/product.md §20, docs/decisions/073-phones.md): web push, SMS with quiet
 * hours, the phone number on the profile, and the event × channel preferences.
 */

/** What a person can be told about, and how. */
export const NOTIFY_EVENTS = ['booking', 'change', 'reminder', 'waitlist', 'message'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];
export const NOTIFY_CHANNELS = ['email', 'push', 'sms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export type ChannelMatrix = Record<NotifyEvent, Record<NotifyChannel, boolean>>;

/** Until changed: mail on, push on (it reaches only devices that opted in), SMS off. */
export const DEFAULT_CHANNELS: ChannelMatrix = Object.fromEntries(
  NOTIFY_EVENTS.map((event) => [event, { email: true, push: true, sms: false }]),
) as ChannelMatrix;

/** SMS quiet hours in the recipient's zone: nothing from 21:00 until 08:00 (deferred, not dropped). */
export const SMS_QUIET_FROM_HOUR = 21;
export const SMS_QUIET_UNTIL_HOUR = 8;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODES_PER_HOUR = 5;
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

export const PHONE_MESSAGES = {
  phoneInvalid: msg('Enter a mobile number with its country code, e.g. +14155550123'),
  codeSent: msg('We sent a code by text message'),
  codeInvalid: msg('Enter the 6-digit code'),
  codeWrong: msg('That code is not right'),
  codeExpired: msg('That code has expired. Send a new one'),
  tooManyCodes: msg('Too many codes sent. Try again in an hour.'),
  noPendingCode: msg('Send a code first'),
  phoneConfirmed: msg('Phone number confirmed'),
  phoneRemoved: msg('Phone number removed'),
  smsNeedsPhone: msg('Confirm a phone number first'),
  pushOn: msg('Notifications turned on for this device'),
  pushOff: msg('Notifications turned off for this device'),
  subscriptionNotFound: msg('This device is not subscribed'),
  endpointInvalid: msg('Invalid push subscription'),
  preferencesSaved: msg('Preferences saved'),
  nothingToChange: msg('Nothing to change'),
} as const;

/** PATCH /api/profile/phone: a number to confirm (E.164 is checked with libphonenumber-js on both sides). */
export const phoneNumberSchema = z.object({
  phone: z
    .string({ error: PHONE_MESSAGES.phoneInvalid })
    .trim()
    .min(4, PHONE_MESSAGES.phoneInvalid)
    .max(32, PHONE_MESSAGES.phoneInvalid),
});
export type PhoneNumberInput = z.infer<typeof phoneNumberSchema>;

/** POST /api/profile/phone/confirm. */
export const phoneCodeSchema = z.object({
  code: z
    .string({ error: PHONE_MESSAGES.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
});
export type PhoneCodeInput = z.infer<typeof phoneCodeSchema>;

/** The number on the profile (also in GET /api/profile as `phone`). */
export const phoneSchema = z.object({ number: z.string(), confirmed: z.boolean() });
export type PhoneInfo = z.infer<typeof phoneSchema>;
export const phoneResponseSchema = messageWith('phone', phoneSchema.nullable());

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url(PHONE_MESSAGES.endpointInvalid).max(2048, PHONE_MESSAGES.endpointInvalid),
  keys: z.object({
    p256dh: z
      .string({ error: PHONE_MESSAGES.endpointInvalid })
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, PHONE_MESSAGES.endpointInvalid),
    auth: z
      .string({ error: PHONE_MESSAGES.endpointInvalid })
      .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, PHONE_MESSAGES.endpointInvalid),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.url(PHONE_MESSAGES.endpointInvalid).max(2048, PHONE_MESSAGES.endpointInvalid),
});

export const pushSubscriptionItemSchema = z.object({
  ...stringFields('id', 'endpoint', 'created_at'),
  user_agent: z.string().nullable(),
});
export const pushPublicKeyResponseSchema = z.object({ key: z.string() });
export const pushSubscribeResponseSchema = messageWith('subscription', pushSubscriptionItemSchema);
export const pushSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(pushSubscriptionItemSchema),
});

const channelRow = z.object({ email: z.boolean(), push: z.boolean(), sms: z.boolean() });
export const channelMatrixSchema = z.object({
  booking: channelRow,
  change: channelRow,
  reminder: channelRow,
  waitlist: channelRow,
  message: channelRow,
}) satisfies z.ZodType<ChannelMatrix>;

/** A partial matrix for PATCH: `{channels:{reminder:{sms:true}}}`. */
export const channelMatrixPatchSchema = z
  .object({
    booking: channelRow.partial().strict(),
    change: channelRow.partial().strict(),
    reminder: channelRow.partial().strict(),
    waitlist: channelRow.partial().strict(),
    message: channelRow.partial().strict(),
  })
  .partial()
  .strict();
export type ChannelMatrixPatch = z.infer<typeof channelMatrixPatchSchema>;

/** The SMS texts (≤ 160 GSM characters where the names allow). */
export const SMS_TEXTS = {
  code: (code: string) => `Your Slotwise code is ${code}. It expires in 10 minutes.`,
  stopFooter: msg('Reply STOP to stop texts.'),
} as const;
