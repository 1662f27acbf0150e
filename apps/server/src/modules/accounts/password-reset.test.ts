import { EMAIL_MESSAGES } from '@slotwise/shared/email-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {} from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { mailCooldowns, passwordResetTokens } from '../../db/schema';

describe('password reset and the honest resend', () => {
  const t = useMailTestApp();

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  /** Asks again as if the last mail went out two minutes ago (after the cooldown), and sends it. */
  const forgotAgainLater = async (email: string) => {
    await t.app.database.db
      .update(mailCooldowns)
      .set({ lastSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(mailCooldowns.email, email));
    await forgot(email);
    await t.app.jobs.runDue(new Date());
  };
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** The token of the newest reset mail to `email`. */
  async function resetToken(email: string): Promise<string> {
    const mails = await mailsTo(t.smtp.messages, email);
    const mail = mails.at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const match = /http:\/\/localhost:5001\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error('no reset link');
    return match[1]!;
  }

  it('answers the same for known and unknown addresses, and mails a 1-hour link only to the known one, from a job', async () => {
    const user = await createClient(t.app);
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: EMAIL_MESSAGES.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    expect(t.smtp.messages).toHaveLength(0); // never inline in the request
    await t.app.jobs.runDue(new Date());
    const mails = await mailsTo(t.smtp.messages, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Slotwise password');
    expect(mails[0]!.html).toContain('reset-password?token=');
    expect(await mailsTo(t.smtp.messages, 'nobody-here@example.test')).toEqual([]);
    const [stored] = await t.app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    const token = await resetToken(user.email);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(3600 * 1000, -4);

    // Asking again within a minute: same answer, no second mail.
    expect((await forgot(user.email)).json()).toEqual(known.json());
    await t.app.jobs.runDue(new Date());
    expect(await mailsTo(t.smtp.messages, user.email)).toHaveLength(1);
  });

  it('a reset sets the password, signs out every earlier session, and the link works once', async () => {
    const user = await createProvider(t.app);
    const oldSession = user.headers;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: oldSession })).statusCode,
    ).toBe(200);
    await forgot(user.email);
    await t.app.jobs.runDue(new Date());
    const token = await resetToken(user.email);

    const done = await reset(token, 'NewSecret9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_MESSAGES.passwordResetDone });

    const stale = await t.app.inject({ method: 'GET', url: '/api/profile', headers: oldSession });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('UNAUTHENTICATED');
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const fresh = await login(user.email, 'NewSecret9');
    expect(fresh.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${fresh.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(
      200,
    );

    const reused = await reset(token, 'Another99');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: EMAIL_MESSAGES.resetLinkInvalid,
    });
    expect((await login(user.email, 'NewSecret9')).statusCode).toBe(200);
  });

  it('refuses forged and expired tokens, and an earlier link once a later one was used', async () => {
    const user = await createClient(t.app);
    const forged = await reset('A'.repeat(43), 'NewSecret9');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('INVALID_TOKEN');

    await forgot(user.email);
    await t.app.jobs.runDue(new Date());
    const earlier = await resetToken(user.email);
    // A minute later the user asks again.
    await forgotAgainLater(user.email);
    const later = await resetToken(user.email);
    expect(later).not.toBe(earlier);
    expect((await reset(later, 'NewSecret9')).statusCode).toBe(200);
    expect((await reset(earlier, 'Other1234')).json().code).toBe('INVALID_TOKEN');

    // An expired link.
    await forgotAgainLater(user.email);
    const expiring = await resetToken(user.email);
    await t.app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(expiring, 'Other1234')).json().code).toBe('INVALID_TOKEN');
    expect((await login(user.email, 'NewSecret9')).statusCode).toBe(200);
  });

  it('the new password follows the registration rules, with their messages', async () => {
    for (const [password, message] of [
      ['', MESSAGES.passwordRequired],
      ['short', MESSAGES.passwordMin],
      ['x'.repeat(16), MESSAGES.passwordMax],
    ] as const) {
      const res = await reset('A'.repeat(43), password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.password).toBe(message);
    }
    const noEmail = await forgot('not-an-email');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fieldErrors.email).toBe(MESSAGES.emailInvalid);
  });

  it('resend is honest: SPEC text and a countdown when sent, another text within the cooldown, the same for every address', async () => {
    const resend = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { email } });
    const unverified = await createClient(t.app, { verified: false });
    const unknownFirst = await resend('ghost@example.test');
    const knownFirst = await resend(unverified.email);
    expect(unknownFirst.json()).toEqual({
      message: MESSAGES.resendSucceeded,
      retryAfterSeconds: 60,
    });
    expect(knownFirst.json()).toEqual(unknownFirst.json());
    expect(await mailsTo(t.smtp.messages, unverified.email)).toHaveLength(0); // from a job
    await t.app.jobs.runDue(new Date());
    expect(await mailsTo(t.smtp.messages, unverified.email)).toHaveLength(1);

    const unknownAgain = await resend('ghost@example.test');
    const knownAgain = await resend(unverified.email);
    for (const res of [unknownAgain, knownAgain]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(EMAIL_MESSAGES.resendCoolingDown);
      expect(res.json().retryAfterSeconds).toBeGreaterThan(0);
      expect(res.json().retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    await t.app.jobs.runDue(new Date());
    expect(await mailsTo(t.smtp.messages, unverified.email)).toHaveLength(1);
  });
});
