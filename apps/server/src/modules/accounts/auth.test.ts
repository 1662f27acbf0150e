import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@slotwise/shared/texts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helpers/app';
import { createClient } from '../../../test/helpers/factories';
import { jpegWithExif, multipart, pngBomb } from '../../../test/helpers/images';
import { useMailTestApp } from '../../../test/helpers/mail';
import { EMAIL_MESSAGES } from '@slotwise/shared/email-schemas';
import {
  emailVerificationTokens,
  jobs,
  loginFailures,
  mailCooldowns,
  providers,
  users,
} from '../../db/schema';
import { VERIFICATION_JOB } from '../../jobs/job-payloads';
import { asUser } from '../../../test/helpers/requests';

const validRegistration = (overrides: Record<string, string> = {}) => ({
  firstName: 'Ana',
  lastName: 'Lopez',
  email: `ana.${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Secret123',
  role: 'client',
  timezone: 'America/New_York',
  ...overrides,
});

/** POST /api/auth/login: the raw response. */
const logIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('accounts: registration, verification, login, logout', () => {
  let refusing = false;
  const t = useMailTestApp({ sink: { refusing: () => refusing } });

  const register = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: multipart(fields, file) });
  /** The verification mail goes out from a job: run the due ones (as the worker would). */
  const deliver = (now = new Date()) => t.app.jobs.runDue(now);
  const resend = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { email } });

  describe('POST /api/auth/register', () => {
    it.each([
      ['firstName', '', MESSAGES.fullNameRequired],
      ['email', '', MESSAGES.emailRequired],
      ['email', 'not-an-email', MESSAGES.emailInvalid],
      ['password', '', MESSAGES.passwordRequired],
      ['password', 'short', MESSAGES.passwordMin],
      ['password', 'way-too-long-password', MESSAGES.passwordMax],
      ['role', 'admin', MESSAGES.roleRequired],
    ])('rejects %s=%j with %j', async (field, value, message) => {
      const res = await register(validRegistration({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, error: message });
      expect(res.json().fieldErrors[field]).toBe(message);
    });

    it('creates the account: trimmed lower-cased email, argon2id hash, time zone, last name "-"', async () => {
      const email = ` Mixed.Case.${Date.now()}@Example.TEST `;
      const res = await register(
        validRegistration({ email, lastName: '', timezone: 'Asia/Tokyo' }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ userId: expect.any(String), message: MESSAGES.accountCreated });
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, body.userId));
      expect(row!.email).toBe(email.trim().toLowerCase());
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.timezone).toBe('Asia/Tokyo');
      expect(row!.lastName).toBe('-');
      expect(row!.emailVerifiedAt).toBeNull();
    });

    it('refuses a taken email whatever its case (409 EMAIL_TAKEN)', async () => {
      const fields = validRegistration();
      expect((await register(fields)).statusCode).toBe(201);
      const again = await register({ ...fields, email: fields.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken });
    });

    it('refuses an unknown time zone', async () => {
      const res = await register(validRegistration({ timezone: 'Mars/Olympus_Mons' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ timezone: MESSAGES.invalidTimezone });
    });

    it('stores a picture re-encoded to ≤ 500 px without EXIF, served with ETag and long cache', async () => {
      const original = await jpegWithExif(1600, 1000);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await register(validRegistration(), {
        name: 'me.jpg',
        data: original,
        type: 'image/jpeg',
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.app.database.db
        .select({ imageId: users.profileImageId })
        .from(users)
        .where(eq(users.id, res.json().userId));
      const picture = await t.app.inject({ method: 'GET', url: `/uploads/${row!.imageId}` });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.headers['cache-control']).toContain('max-age=31536000');
      const meta = await sharp(picture.rawPayload).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(500);
      expect(meta.exif).toBeUndefined();
      const cached = await t.app.inject({
        method: 'GET',
        url: `/uploads/${row!.imageId}`,
        headers: { 'if-none-match': String(picture.headers.etag) },
      });
      expect(cached.statusCode).toBe(304);
    });

    it('rejects a text file renamed .png, by its content', async () => {
      const res = await register(validRegistration(), {
        name: 'evil.png',
        data: Buffer.from('just some text, not an image at all'),
        type: 'image/png',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ profilePic: MESSAGES.imageTypeNotAllowed });
    });

    it('rejects an upload over 5 MB with 413 and creates no account', async () => {
      const fields = validRegistration();
      const big = Buffer.alloc(6 * 1024 * 1024, 0xff);
      big.set([0xff, 0xd8, 0xff], 0);
      const res = await register(fields, { name: 'big.jpg', data: big, type: 'image/jpeg' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: MESSAGES.imageTooLarge,
      });
      const rows = await t.app.database.db
        .select()
        .from(users)
        .where(eq(users.email, fields.email));
      expect(rows).toHaveLength(0);
    });

    it('rejects a decompression bomb before decoding it', async () => {
      const res = await register(validRegistration(), {
        name: 'bomb.png',
        data: await pngBomb(),
        type: 'image/png',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ profilePic: MESSAGES.imageDimensionsTooLarge });
    });

    it('a missing picture is a 404 (the client falls back to the default avatar)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/uploads/00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/uploads/not-a-uuid' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('email verification over real SMTP', () => {
    it('the emailed link verifies once; login works only after it', async () => {
      const fields = validRegistration();
      const res = await register(fields);
      expect(res.statusCode).toBe(201);
      expect(t.smtp.messages.filter((m) => m.to.includes(fields.email))).toHaveLength(0);
      expect((await deliver()).failed).toBe(0);
      expect(t.smtp.messages.filter((m) => m.to.includes(fields.email))).toHaveLength(1);

      const unverified = await logIn(t.app, fields.email, fields.password);
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: MESSAGES.emailNotVerified,
      });

      const mail = t.smtp.messages.find((m) => m.to.includes(fields.email));
      expect(mail?.raw).toContain('Content-Type: text/html');
      expect(mail?.raw).toContain('Content-Type: text/plain');
      const token = t.smtp.tokenFor(fields.email);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: MESSAGES.emailVerified });

      const reused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        message: MESSAGES.verificationLinkInvalid,
      });

      const login = await logIn(t.app, fields.email, fields.password);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        token: expect.any(String),
        message: MESSAGES.loginSuccessful,
        user: {
          firstName: 'Ana',
          lastName: 'Lopez',
          email: fields.email,
          role: 'client',
          providerId: null,
        },
      });
      expect(JSON.stringify(login.json())).not.toContain('argon2');
    });

    it('stores only a hash of the token, and an expired token is refused', async () => {
      const fields = validRegistration();
      const { userId } = (await register(fields)).json();
      await deliver();
      const token = t.smtp.tokenFor(fields.email);
      // Neither the token nor its hash ever sat in the job: the job minted it when it ran.
      const queued = await t.app.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.kind, VERIFICATION_JOB));
      expect(queued.map((row) => row.payload)).toContainEqual({ userId });
      expect(JSON.stringify(queued)).not.toContain(token);
      const [stored] = await t.app.database.db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, userId));
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(
        24 * 3600 * 1000,
        -4,
      );
      await t.app.database.db
        .update(emailVerificationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerificationTokens.userId, userId));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it('resend answers the same for unknown addresses and mails a fresh link to unverified ones', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/verify-email',
        payload: { email: 'nobody@example.test' },
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: MESSAGES.resendSucceeded, retryAfterSeconds: 60 });

      const fields = validRegistration();
      await register(fields);
      await deliver();
      // Registration started the address's cooldown: within the minute no second mail.
      const early = await resend(fields.email);
      expect(early.json()).toMatchObject({ message: EMAIL_MESSAGES.resendCoolingDown });
      expect(early.json().retryAfterSeconds).toBeGreaterThan(0);
      // A minute must pass between two mails to one address; pretend it has.
      await t.app.database.db
        .update(mailCooldowns)
        .set({ lastSentAt: new Date(Date.now() - 120_000) })
        .where(eq(mailCooldowns.email, fields.email));
      const before = t.smtp.messages.length;
      const again = await resend(fields.email);
      expect(again.json()).toEqual(unknown.json());
      expect(t.smtp.messages.length).toBe(before); // queued, not sent inline
      await deliver();
      expect(t.smtp.messages.length).toBe(before + 1);
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: t.smtp.tokenFor(fields.email) },
      });
      expect(verify.statusCode).toBe(200);
    });

    it('a refusing SMTP server loses no verification mail: retried with backoff, one token', async () => {
      await deliver(); // nothing else pending
      const fields = validRegistration();
      const { userId } = (await register(fields)).json();
      const start = new Date();
      refusing = true;
      try {
        expect(await deliver(start)).toMatchObject({ done: 0, retried: 1 });
        // Not yet due again a few seconds later; due after the first backoff (30 s).
        expect(await deliver(new Date(start.getTime() + 5_000))).toEqual({
          done: 0,
          retried: 0,
          failed: 0,
        });
        expect(await deliver(new Date(start.getTime() + 31_000))).toMatchObject({ retried: 1 });
      } finally {
        refusing = false;
      }
      // An undelivered token is taken back: none is left from the refused attempts.
      const left = await t.app.database.db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, userId));
      expect(left).toHaveLength(0);
      expect(t.smtp.messages.filter((m) => m.to.includes(fields.email))).toHaveLength(0);

      expect(await deliver(new Date(start.getTime() + 120_000))).toMatchObject({ done: 1 });
      const mails = t.smtp.messages.filter((m) => m.to.includes(fields.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.raw).toMatch(/^Message-ID: <job-[0-9a-f-]+@slotwise>/im);
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: t.smtp.tokenFor(fields.email) },
      });
      expect(verify.statusCode).toBe(200);
      // Asked for again once verified: the same answer, and the job sends nothing.
      await t.app.database.db
        .update(mailCooldowns)
        .set({ lastSentAt: new Date(Date.now() - 120_000) })
        .where(eq(mailCooldowns.email, fields.email));
      expect((await resend(fields.email)).json()).toMatchObject({ retryAfterSeconds: 60 });
      await deliver(new Date(start.getTime() + 180_000));
      expect(t.smtp.messages.filter((m) => m.to.includes(fields.email))).toHaveLength(1);
    });

    it('validates the email form with the SPEC messages', async () => {
      for (const [email, message] of [
        ['', MESSAGES.emailRequired],
        ['nope', MESSAGES.emailInvalid],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/verify-email',
          payload: { email },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors.email).toBe(message);
      }
    });
  });

  describe('provider onboarding', () => {
    it('completes a new provider profile once; specialty is required', async () => {
      const { userId } = (await register(validRegistration({ role: 'provider' }))).json();
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/provider',
        payload: { userId, specialty: '  ', bio: '' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ specialty: MESSAGES.specialtyRequired });

      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/provider',
        payload: { userId, specialty: 'Plumber', bio: 'Fixes leaks fast.' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: MESSAGES.providerProfileCompleted });
      const [row] = await t.app.database.db
        .select()
        .from(providers)
        .where(eq(providers.userId, userId));
      expect(row).toMatchObject({
        specialty: 'Plumber',
        bio: 'Fixes leaks fast.',
        searchText: 'ana lopez plumber',
      });

      const overwrite = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/provider',
        payload: { userId, specialty: 'Hacker', bio: 'Took over' },
      });
      expect(overwrite.statusCode).toBe(409);
    });

    it('refuses a client account or an unknown user', async () => {
      const { userId } = (await register(validRegistration({ role: 'client' }))).json();
      for (const id of [userId, '00000000-0000-4000-8000-000000000000']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register/provider',
          payload: { userId: id, specialty: 'Barber', bio: '' },
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('login and logout', () => {
    it('wrong email and wrong password get the same 401', async () => {
      const client = await createClient(t.app);
      const wrongPassword = await logIn(t.app, client.email, 'Wrong1234');
      const wrongEmail = await logIn(t.app, 'ghost@example.test', 'Wrong1234');
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(wrongEmail.json());
      expect(wrongPassword.json().message).toBe(MESSAGES.invalidCredentials);
    });

    it('the token carries userId, role, providerId, jti and a 7-day expiry', async () => {
      const client = await createClient(t.app);
      const res = await logIn(t.app, client.email, client.password);
      const payload = JSON.parse(
        Buffer.from(res.json().token.split('.')[1], 'base64url').toString(),
      );
      expect(payload).toMatchObject({
        userId: client.id,
        role: 'client',
        providerId: null,
        jti: expect.any(String),
      });
      expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    });

    it('logout makes the token useless', async () => {
      const client = await createClient(t.app);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/profile', headers: client.headers }))
          .statusCode,
      ).toBe(200);
      const out = await asUser(t.app, client).post('/api/auth/logout');
      expect(out.statusCode).toBe(200);
      const after = await asUser(t.app, client).get('/api/profile');
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('UNAUTHENTICATED');
    });

    it('a token that already worked is refused once it expires (its checked signature is remembered, its expiry is not)', async () => {
      const client = await createClient(t.app);
      const profile = () =>
        t.app.inject({ method: 'GET', url: '/api/profile', headers: client.headers });
      expect((await profile()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 1000);
        const expired = await profile();
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: 'Your session has expired, please sign in again',
        });
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses the 101st failed login of an account within an hour, even with the right password', async () => {
      const client = await createClient(t.app);
      for (let i = 0; i < 100; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: client.email, password: `Wrong-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await logIn(t.app, client.email, client.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: MESSAGES.tooManyLoginAttempts,
      });
      // Failures older than an hour no longer count.
      await t.app.database.db
        .update(loginFailures)
        .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
        .where(eq(loginFailures.email, client.email));
      const later = await logIn(t.app, client.email, client.password);
      expect(later.statusCode).toBe(200);
      // 101 argon2id checks one after the other: past 30 s on a loaded 2-core CI machine.
    }, 120_000);
  });
});

describe('per-IP rate limits', () => {
  it('limits login attempts from one address (429 RATE_LIMITED)', async () => {
    const t = await createTestApp({ RATE_LIMIT: 'on' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await logIn(t.app, `nobody${i}@example.test`, 'whatever1');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
