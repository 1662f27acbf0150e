import type { NotifyChannel, NotifyEvent } from './phones-schemas';

/**
 * The web app's texts for the phone (docs/product.md §20): the install item, the push opt-in,
 * the preferences matrix, the phone number form and the offline appointments list. The
 * server's answers are in phones-schemas.ts (PHONE_MESSAGES).
 */

/** Rows of the preferences matrix (§20.4). */
export const NOTIFY_EVENT_LABELS: Record<NotifyEvent, string> = {
  booking: 'New bookings',
  change: 'Cancellations and changes',
  reminder: 'Reminders',
  waitlist: 'Waitlist offers',
  message: 'New messages',
};

/** Columns of the preferences matrix (§20.4). */
export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  email: 'Email',
  push: 'Push',
  sms: 'Text message',
};

/** One switch of the matrix, as a screen reader reads it: 'Reminders by Push'. */
export function channelSwitchName(event: NotifyEvent, channel: NotifyChannel): string {
  return `${NOTIFY_EVENT_LABELS[event]} by ${NOTIFY_CHANNEL_LABELS[channel]}`;
}

export const PHONE_UI_TEXTS = {
  // The matrix (§20.4)
  matrixTitle: 'How we reach you',
  matrixDescription:
    'Choose, for each kind of news, whether it comes by email, push or text message.',
  matrixFailed: 'Failed to load notification preferences',
  matrixSaveFailed: 'Failed to save notification preferences',
  smsNeedsPhone: 'Confirm a phone number below to turn on text messages.',
  pushDevices: (count: number) =>
    count === 0
      ? 'Push reaches the devices where notifications are turned on: none yet.'
      : `Push reaches the ${count === 1 ? 'device' : `${count} devices`} where notifications are turned on.`,
  // The phone number (§20.3)
  phoneTitle: 'Phone number',
  phoneDescription: 'Texts go to a confirmed mobile number, never between 21:00 and 08:00.',
  phoneLabel: 'Mobile number',
  phoneHint: 'With its country code, e.g. +14155550123',
  sendCode: 'Send code',
  sendingCode: 'Sending...',
  codeLabel: 'Code',
  codeHint: 'The 6-digit code we texted to',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  sendNewCode: 'Send a new code',
  removePhone: 'Remove',
  confirmed: 'Confirmed',
  notConfirmed: 'Not confirmed yet',
  phoneFailed: 'Failed to save the phone number',
  phoneLoadFailed: 'Failed to load the phone number',
  removeTitle: 'Remove phone number',
  removeQuestion: 'We will stop sending you text messages. You can add a number again at any time.',
  removeKeep: 'Keep number',
  // Push on this device (§20.2)
  deviceTitle: 'This device',
  deviceSwitch: 'Notifications on this device',
  deviceHint: 'Your browser asks for permission when you turn them on.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off notifications',
  pushUnsupported: 'This browser cannot show notifications from Slotwise.',
  pushBlocked:
    "Notifications are blocked for Slotwise in this browser. Allow them in the browser's site settings.",
  pushFailed: 'Failed to turn on notifications on this device',
  // The app (§20.1)
  installApp: 'Install app',
  offline: (time: string) => `You are offline. Showing your appointments as of ${time}.`,
} as const;
