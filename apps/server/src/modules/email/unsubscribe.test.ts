import { EMAIL_MESSAGES, UNSUBSCRIBE_TEXTS } from '@slotwise/shared/email-schemas';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAt } from '../../../test/helpers/exact-slots';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo, type ReadMail } from '../../../test/helpers/mail-reader';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe';
import { asUser } from '../../../test/helpers/requests';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inDays = (days: number) =>
  new Date(Math.ceil((Date.now() + days * DAY) / (30 * 60_000)) * 30 * 60_000);

/** A header of a raw mail, folded lines unfolded, or null. */
function header(mail: ReadMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return match ? match[1]!.trim() : null;
}

/** The one-click URL of a mail's List-Unsubscribe header, as a path for inject. */
function oneClickPath(mail: ReadMail): string {
  const value = header(mail, 'List-Unsubscribe');
  const url =
    /^<(http:\/\/localhost:5001\/api\/email\/unsubscribe\?token=[A-Za-z0-9_-]{44})>$/.exec(
      value ?? '',
    )?.[1];
  if (!url) throw new Error(`no one-click List-Unsubscribe in: ${value}`);
  return url.slice('http://localhost:5001'.length);
}

describe('one-click unsubscribe (RFC 8058)', () => {
  const t = useMailTestApp({
    env: { MAIL_FROM: 'Slotwise <no-reply@slotwise.test>' },
    ownMailOnly: true,
  });

  /** What a mail provider sends on the user's click: a POST without cookies or session. */
  const oneClick = (path: string, accept?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(accept ? { accept } : {}),
      },
      payload: 'List-Unsubscribe=One-Click',
    });
  /** SPEC's two mail settings of the answer (the matrix around them is docs/product.md §20.4). */
  const preferencesOf = async (user: TestUser) => {
    const { preferences } = (
      await asUser(t.app, user).get('/api/profile/notification-preferences')
    ).json<{ preferences: { emailReminders: boolean; emailBookingUpdates: boolean } }>();
    return {
      emailReminders: preferences.emailReminders,
      emailBookingUpdates: preferences.emailBookingUpdates,
    };
  };

  async function bookedAppointment() {
    const provider = await createProvider(t.app, { firstName: 'Una', lastName: 'Barber' });
    const client = await createClient(t.app, { firstName: 'Otto', lastName: 'Client' });
    const startsAt = inDays(3);
    const slot = await createSlotAt(t.app, provider.providerId!, startsAt, 60, 'Haircut');
    await book(t.app, client, slot.id);
    return { provider, client, startsAt };
  }

  it('reminders carry the RFC 8058 headers; booking mail and account mail do not; one POST turns reminders off', async () => {
    const { provider, client, startsAt } = await bookedAppointment();
    await t.app.jobs.runDue(new Date());
    // Booking confirmations are transactional (they carry the .ics): no List-Unsubscribe.
    const [booked] = await mailsTo(t.smtp.messages, client.email);
    expect(booked!.subject).toMatch(/^Appointment booked/);
    expect(header(booked!, 'List-Unsubscribe')).toBeNull();
    expect(header(booked!, 'List-Unsubscribe-Post')).toBeNull();
    t.smtp.messages.length = 0;

    await t.app.jobs.runDue(new Date(startsAt.getTime() - DAY));
    const [reminder] = await mailsTo(t.smtp.messages, client.email);
    expect(reminder!.subject).toMatch(/^Reminder: /);
    expect(header(reminder!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const path = oneClickPath(reminder!);
    expect(reminder!.text).toContain(`Unsubscribe: http://localhost:5001${path}`);
    expect(reminder!.html).toContain(`href="http://localhost:5001${path}"`);
    // Each recipient gets a token of their own.
    const [providerReminder] = await mailsTo(t.smtp.messages, provider.email);
    expect(oneClickPath(providerReminder!)).not.toBe(path);

    const res = await oneClick(path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.emailReminders.done });
    expect(await preferencesOf(client)).toEqual({
      emailReminders: false,
      emailBookingUpdates: true,
    });
    // Idempotent: a second click (or a provider's retry) is fine.
    expect((await oneClick(path)).statusCode).toBe(200);
    expect(await preferencesOf(client)).toEqual({
      emailReminders: false,
      emailBookingUpdates: true,
    });

    // The 2-hour reminder: only the provider, who did not unsubscribe, gets it.
    t.smtp.messages.length = 0;
    await t.app.jobs.runDue(new Date(startsAt.getTime() - 2 * HOUR));
    expect(await mailsTo(t.smtp.messages, client.email)).toHaveLength(0);
    expect(await mailsTo(t.smtp.messages, provider.email)).toHaveLength(1);
    expect(await preferencesOf(provider)).toEqual({
      emailReminders: true,
      emailBookingUpdates: true,
    });

    // Account mail is essential: neither the password reset nor the verification mail has it.
    t.smtp.messages.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: client.email },
    });
    const unverified = await createClient(t.app, { verified: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { email: unverified.email },
    });
    await t.app.jobs.runDue(new Date());
    const account = [
      ...(await mailsTo(t.smtp.messages, client.email)),
      ...(await mailsTo(t.smtp.messages, unverified.email)),
    ];
    expect(account.map((m) => m.subject)).toEqual([
      'Reset your Slotwise password',
      'Verify your Slotwise email address',
    ]);
    for (const mail of account) expect(header(mail, 'List-Unsubscribe')).toBeNull();
  });

  it('the review request: GET shows a page with a button and changes nothing; its POST from a browser answers with a page', async () => {
    const { client, startsAt } = await bookedAppointment();
    t.smtp.messages.length = 0;
    // After the end (an hour after the start): the review request.
    await t.app.jobs.runDue(new Date(startsAt.getTime() + 2 * HOUR));
    const review = (await mailsTo(t.smtp.messages, client.email)).find((m) =>
      m.subject.startsWith('How was your'),
    );
    expect(review).toBeDefined();
    expect(header(review!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const path = oneClickPath(review!);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(UNSUBSCRIBE_TEXTS.emailBookingUpdates.question);
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).not.toContain(client.email);
    // A link scanner or prefetcher following the GET turns nothing off.
    expect(await preferencesOf(client)).toEqual({
      emailReminders: true,
      emailBookingUpdates: true,
    });

    const confirmed = await oneClick(path, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toMatch(/^text\/html/);
    expect(confirmed.body).toContain(UNSUBSCRIBE_TEXTS.emailBookingUpdates.done);
    expect(await preferencesOf(client)).toEqual({
      emailReminders: true,
      emailBookingUpdates: false,
    });
  });

  it('the unread-message digest carries the headers for booking updates', async () => {
    const client = await createClient(t.app, { firstName: 'Dina', lastName: 'Client' });
    const provider = await createProvider(t.app, { firstName: 'Pete', lastName: 'Prov' });
    const conversation = await asUser(t.app, client).post('/api/conversations', {
      providerId: provider.providerId,
    });
    const id = conversation.json().conversation.id as string;
    await asUser(t.app, client).post(`/api/conversations/${id}/messages`, { body: 'Hello there' });
    await t.app.jobs.runDue(new Date(Date.now() + 16 * 60_000));
    const [digest] = await mailsTo(t.smtp.messages, provider.email);
    expect(digest!.subject).toMatch(/sent you a new message/);
    expect(header(digest!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await oneClick(oneClickPath(digest!))).statusCode).toBe(200);
    expect(await preferencesOf(provider)).toEqual({
      emailReminders: true,
      emailBookingUpdates: false,
    });
  });

  it('a tampered, forged or malformed token is a 400 and changes nothing', async () => {
    const user = await createClient(t.app);
    const other = await createClient(t.app);
    const key = unsubscribeKey(new TextEncoder().encode(TEST_JWT_SECRET));
    const good = signUnsubscribeToken(key, user.id, 'emailReminders');
    const bytes = Buffer.from(good, 'base64url');
    const flip = (index: number) => {
      const copy = Buffer.from(bytes);
      copy[index] = copy[index]! ^ 1;
      return copy.toString('base64url');
    };
    const otherToken = Buffer.from(
      signUnsubscribeToken(key, other.id, 'emailReminders'),
      'base64url',
    );
    const invalid = [
      flip(0), // another user id under the same MAC
      flip(16), // the other preference
      flip(32), // the MAC itself
      // Someone else's MAC glued to this user's id.
      Buffer.concat([bytes.subarray(0, 17), otherToken.subarray(17)]).toString('base64url'),
      // Signed with another secret (or straight with the JWT secret, without the purpose).
      signUnsubscribeToken(
        unsubscribeKey(new TextEncoder().encode('another-secret-that-is-32-characters!')),
        user.id,
        'emailReminders',
      ),
      signUnsubscribeToken(
        Buffer.from(new TextEncoder().encode(TEST_JWT_SECRET)),
        user.id,
        'emailReminders',
      ),
    ];
    for (const token of invalid) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/email/unsubscribe?token=${token}`,
          ...(method === 'POST'
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'List-Unsubscribe=One-Click',
              }
            : {}),
        });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'INVALID_TOKEN',
          message: EMAIL_MESSAGES.unsubscribeLinkInvalid,
        });
      }
    }
    for (const query of ['', '?token=', `?token=${good}x`, `?token=${good.slice(0, 43)}%2B`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/email/unsubscribe${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { token: EMAIL_MESSAGES.unsubscribeLinkInvalid },
      });
    }
    expect(await preferencesOf(user)).toEqual({ emailReminders: true, emailBookingUpdates: true });
    expect(await preferencesOf(other)).toEqual({ emailReminders: true, emailBookingUpdates: true });

    // The untampered token works, with no body at all too.
    const res = await t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${good}` });
    expect(res.statusCode).toBe(200);
    expect(await preferencesOf(user)).toEqual({ emailReminders: false, emailBookingUpdates: true });
  });
});
