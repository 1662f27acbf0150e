import {
  EMAIL_MESSAGES,
  notificationPreferencesResponseSchema,
} from '@slotwise/shared/email-schemas';
import {
  DEFAULT_CHANNELS,
  PHONE_MESSAGES,
  phoneNumberSchema,
  phoneResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscribeResponseSchema,
  type ChannelMatrix,
  type PhoneInfo,
} from '@slotwise/shared/phones-schemas';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { apiError, contractJson, validationError } from '../../../test/contract';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';

/**
 * Settings on the phone (docs/product.md §20.3, §20.4): the event × channel matrix, the phone
 * number with its code, and this device's push switch, against an in-memory server.
 */

const VAPID_KEY = 'B' + 'A'.repeat(86); // 65 bytes, base64url
const ENDPOINT = 'https://push.example.com/send/device-1';
const P256DH = 'B'.repeat(87);
const AUTH = 'a'.repeat(22);
const GOOD_CODE = '123456';

let api: { calls: ApiCall[] };
let channels: ChannelMatrix;
let phone: PhoneInfo | null;
let subscriptions: string[];

const preferences = () => ({
  emailReminders: channels.reminder.email,
  emailBookingUpdates: channels.booking.email && channels.change.email,
  channels,
  push_devices: subscriptions.length,
  sms_ready: phone?.confirmed ?? false,
});

function fakeServer(call: ApiCall): Response | undefined {
  const route = `${call.method} ${call.path}`;
  const body = (call.body ?? {}) as Record<string, unknown>;
  switch (route) {
    case 'GET /api/profile':
      return json(200, { profile: { id: 'client-user-1', role: 'client', phone } });
    case 'GET /api/profile/notification-preferences':
      return contractJson(route, notificationPreferencesResponseSchema, 200, {
        preferences: preferences(),
      });
    case 'PATCH /api/profile/notification-preferences': {
      const patch = (body.channels ?? {}) as Partial<Record<keyof ChannelMatrix, object>>;
      const next = structuredClone(channels);
      for (const [event, cells] of Object.entries(patch)) {
        Object.assign(next[event as keyof ChannelMatrix], cells);
      }
      if (typeof body.emailReminders === 'boolean') next.reminder.email = body.emailReminders;
      if (Object.values(next).some((row) => row.sms) && !phone?.confirmed) {
        return apiError(400, 'VALIDATION_FAILED', PHONE_MESSAGES.smsNeedsPhone);
      }
      channels = next;
      return contractJson(route, notificationPreferencesResponseSchema, 200, {
        preferences: preferences(),
        message: EMAIL_MESSAGES.preferencesSaved,
      });
    }
    case 'PATCH /api/profile/phone': {
      const parsed = phoneNumberSchema.safeParse(body);
      if (!parsed.success || !/^\+[1-9]\d{7,14}$/.test(parsed.data.phone)) {
        return validationError(route, { phone: PHONE_MESSAGES.phoneInvalid });
      }
      phone = { number: parsed.data.phone, confirmed: false };
      return contractJson(route, phoneResponseSchema, 200, {
        message: PHONE_MESSAGES.codeSent,
        phone,
      });
    }
    case 'POST /api/profile/phone/confirm':
      if (body.code !== GOOD_CODE)
        return validationError(route, { code: PHONE_MESSAGES.codeWrong });
      phone = { number: phone!.number, confirmed: true };
      channels.reminder.sms = true;
      channels.waitlist.sms = true;
      return json(200, { message: PHONE_MESSAGES.phoneConfirmed });
    case 'DELETE /api/profile/phone':
      phone = null;
      for (const row of Object.values(channels)) row.sms = false;
      return json(200, { message: PHONE_MESSAGES.phoneRemoved });
    case 'GET /api/push/public-key':
      return contractJson(route, pushPublicKeyResponseSchema, 200, { key: VAPID_KEY });
    case 'POST /api/push/subscriptions':
      subscriptions.push(String(body.endpoint));
      return contractJson(route, pushSubscribeResponseSchema, 201, {
        message: PHONE_MESSAGES.pushOn,
        subscription: {
          id: 'sub-1',
          endpoint: String(body.endpoint),
          created_at: '2030-01-01T00:00:00.000Z',
          user_agent: null,
        },
      });
    case 'DELETE /api/push/subscriptions':
      subscriptions = subscriptions.filter((endpoint) => endpoint !== body.endpoint);
      return json(200, { message: PHONE_MESSAGES.pushOff });
    case 'GET /api/calendar/feed-url':
      return json(200, { url: 'http://localhost/calendar/secret.ics' });
  }
  return undefined;
}

/** A browser that can push: a service worker registration with a push manager. */
function fakePushBrowser(permissionAnswer: NotificationPermission = 'granted') {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  } as unknown as ServiceWorkerRegistration;
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = permissionAnswer;
      return permissionAnswer;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  return { subscribe, unsubscribe, notification };
}

beforeEach(() => {
  channels = structuredClone(DEFAULT_CHANNELS);
  phone = null;
  subscriptions = [];
  api = mockApi(fakeServer);
  signInAs('client');
  // jsdom has no service workers; the tests that need one install the fake.
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function openSettings() {
  return openRoute('/client/account', 'Account');
}

describe('the preferences matrix', () => {
  it('shows each event × channel, saves one cell, and the Email column is SPEC’s switches', async () => {
    const { user } = await openSettings();
    const matrix = await screen.findByRole('table', { name: PHONE_UI_TEXTS.matrixTitle });
    expect(within(matrix).getAllByRole('switch')).toHaveLength(15);
    expect(within(matrix).getByRole('switch', { name: 'Reminders by Push' })).toBeChecked();
    // Defaults: mail on, push on, SMS off — and SMS cannot go on without a confirmed number.
    const sms = within(matrix).getByRole('switch', { name: 'Reminders by Text message' });
    expect(sms).not.toBeChecked();
    expect(sms).toBeDisabled();
    expect(screen.getByText(PHONE_UI_TEXTS.smsNeedsPhone)).toBeInTheDocument();
    expect(screen.getByText(PHONE_UI_TEXTS.pushDevices(0))).toBeInTheDocument();

    await user.click(within(matrix).getByRole('switch', { name: 'Reminders by Push' }));
    await waitFor(() =>
      expect(within(matrix).getByRole('switch', { name: 'Reminders by Push' })).not.toBeChecked(),
    );
    const patches = callsTo(api.calls, 'PATCH', '/api/profile/notification-preferences');
    expect(patches.map((call) => call.body)).toEqual([{ channels: { reminder: { push: false } } }]);

    await user.click(within(matrix).getByRole('switch', { name: 'Reminders by Email' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Appointment reminders' })).not.toBeChecked(),
    );
    expect(screen.getByRole('switch', { name: 'Booking updates' })).toBeChecked();
  });
});

describe('the phone number', () => {
  it('checks the number, texts a code, confirms it and turns texts on, then removes it', async () => {
    const { user } = await openSettings();
    const number = await screen.findByRole('textbox', { name: PHONE_UI_TEXTS.phoneLabel });

    // The shared schema refuses it before any request.
    await user.type(number, '12');
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.sendCode }));
    expectFieldError(number, PHONE_MESSAGES.phoneInvalid);
    expect(callsTo(api.calls, 'PATCH', '/api/profile/phone')).toHaveLength(0);

    // The server's refusal lands under the field.
    await user.clear(number);
    await user.type(number, '4155550123');
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.sendCode }));
    await waitFor(() => expectFieldError(number, PHONE_MESSAGES.phoneInvalid));
    expect(callsTo(api.calls, 'PATCH', '/api/profile/phone')).toHaveLength(1);

    await user.clear(number);
    await user.type(number, '+14155550123');
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.sendCode }));
    expect(await screen.findByText(PHONE_MESSAGES.codeSent)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PATCH', '/api/profile/phone').at(-1)!.body).toEqual({
      phone: '+14155550123',
    });
    const code = await screen.findByRole('textbox', { name: PHONE_UI_TEXTS.codeLabel });
    expect(code).toHaveAccessibleDescription(/\+14155550123/);
    expect(screen.getByText(PHONE_UI_TEXTS.notConfirmed)).toBeInTheDocument();

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.confirm }));
    expectFieldError(code, PHONE_MESSAGES.codeInvalid);

    await user.type(code, '9');
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.confirm }));
    await waitFor(() => expectFieldError(code, PHONE_MESSAGES.codeWrong));

    await user.clear(code);
    await user.type(code, GOOD_CODE);
    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.confirm }));
    expect(await screen.findByText(PHONE_MESSAGES.phoneConfirmed)).toBeInTheDocument();
    expect(await screen.findByText(PHONE_UI_TEXTS.confirmed)).toBeInTheDocument();
    // Confirming turned texts on for reminders and waitlist offers (§20.3): the matrix follows.
    const sms = await screen.findByRole('switch', { name: 'Reminders by Text message' });
    await waitFor(() => expect(sms).toBeChecked());
    expect(sms).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'New messages by Text message' })).toBeEnabled();
    expect(screen.queryByText(PHONE_UI_TEXTS.smsNeedsPhone)).toBeNull();

    await user.click(screen.getByRole('button', { name: PHONE_UI_TEXTS.removePhone }));
    const dialog = await screen.findByRole('dialog', { name: PHONE_UI_TEXTS.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: PHONE_UI_TEXTS.removePhone }));
    expect(await screen.findByText(PHONE_MESSAGES.phoneRemoved)).toBeInTheDocument();
    expect(
      await screen.findByRole('textbox', { name: PHONE_UI_TEXTS.phoneLabel }),
    ).toBeInTheDocument();
    expect(callsTo(api.calls, 'DELETE', '/api/profile/phone')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Reminders by Text message' })).toBeDisabled(),
    );
  });
});

describe("this device's push switch", () => {
  it('is off and disabled where the browser cannot push', async () => {
    await openSettings();
    const toggle = await screen.findByRole('switch', { name: PHONE_UI_TEXTS.deviceSwitch });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(PHONE_UI_TEXTS.pushUnsupported);
  });

  it('asks the permission on the click only, subscribes with the server key, and turns off', async () => {
    const browser = fakePushBrowser();
    const { user } = await openSettings();
    const toggle = await screen.findByRole('switch', { name: PHONE_UI_TEXTS.deviceSwitch });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(await screen.findByText(PHONE_MESSAGES.pushOn)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(callsTo(api.calls, 'POST', '/api/push/subscriptions')[0]!.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: P256DH, auth: AUTH },
    });
    expect(await screen.findByText(PHONE_UI_TEXTS.pushDevices(1))).toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText(PHONE_MESSAGES.pushOff)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(api.calls, 'DELETE', '/api/push/subscriptions')[0]!.body).toEqual({
      endpoint: ENDPOINT,
    });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says how to allow them when the permission is refused, and sends nothing', async () => {
    const browser = fakePushBrowser('denied');
    const { user } = await openSettings();
    const toggle = await screen.findByRole('switch', { name: PHONE_UI_TEXTS.deviceSwitch });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    // A toast, and the switch's hint from then on.
    expect((await screen.findAllByText(PHONE_UI_TEXTS.pushBlocked)).length).toBeGreaterThan(0);
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(PHONE_UI_TEXTS.pushBlocked));
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(callsTo(api.calls, 'POST', '/api/push/subscriptions')).toHaveLength(0);
  });
});
