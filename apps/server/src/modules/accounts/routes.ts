import { ACCOUNT_ROLES } from '@slotwise/shared/enums';
import {
  emailFormSchema,
  providerProfileBodySchema,
  verifyEmailBodySchema,
} from '@slotwise/shared/accounts-schemas';
import { loginSchema } from '@slotwise/shared/accounts-login-schemas';
import { localeSchema } from '@slotwise/shared/locale-schema';
import { MESSAGES } from '@slotwise/shared/texts';
import {
  EMAIL_MESSAGES,
  forgotPasswordSchema,
  MAIL_COOLDOWN_SECONDS,
  resendVerificationResponseSchema,
  resetPasswordSchema,
} from '@slotwise/shared/email-schemas';
import { requestPasswordReset, resetPassword } from './password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../lib/multipart';
import { authenticated, authOf } from '../../plugins/authenticate';
import {
  completeProviderProfile,
  login,
  registerUser,
  requestVerificationResend,
  verifyEmail,
} from './service';

const messageBody = z.object({ message: z.string() });
const sessionUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  profileImageUrl: z.string().nullable(),
  providerId: z.string().nullable(),
  locale: localeSchema.nullable(),
});

/** Per-IP limits on the endpoints attackers hammer (off with RATE_LIMIT=off for test rigs). */
const limits = {
  register: { max: 20, timeWindow: '1 hour' },
  login: { max: 30, timeWindow: '1 minute' },
  resend: { max: 5, timeWindow: '15 minutes' },
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  resetPassword: { max: 20, timeWindow: '15 minutes' },
} as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      config: { rateLimit: limits.register },
      schema: { response: { 201: z.object({ userId: z.string(), message: z.string() }) } },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request, 'profilePic');
      // The verification mail is queued in the same transaction (sent by a job).
      const user = await registerUser(app.database.db, fields, file);
      return reply.code(201).send({ userId: user.userId, message: MESSAGES.accountCreated });
    },
  );

  app.post(
    '/auth/register/provider',
    {
      config: { rateLimit: limits.register },
      schema: { body: providerProfileBodySchema, response: { 200: messageBody } },
    },
    async (request) => {
      await completeProviderProfile(app.database.db, request.body);
      return { message: MESSAGES.providerProfileCompleted };
    },
  );

  app.post(
    '/auth/verify-email',
    { schema: { body: verifyEmailBodySchema, response: { 200: messageBody } } },
    async (request) => {
      await verifyEmail(app.database.db, request.body.token);
      return { message: MESSAGES.emailVerified };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { rateLimit: limits.resend },
      schema: { body: emailFormSchema, response: { 200: resendVerificationResponseSchema } },
    },
    async (request) => {
      const wait = await requestVerificationResend(app.database.db, request.body.email);
      // The same answer whether or not the address has an account; within the cooldown it
      // says so honestly (docs/decisions/044-email-and-calendars.md).
      if (wait > 0) return { message: EMAIL_MESSAGES.resendCoolingDown, retryAfterSeconds: wait };
      return { message: EMAIL_MESSAGES.resendSent, retryAfterSeconds: MAIL_COOLDOWN_SECONDS };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: limits.forgotPassword },
      schema: { body: forgotPasswordSchema, response: { 200: messageBody } },
    },
    async (request) => {
      await requestPasswordReset(app.database.db, request.body.email);
      // The same answer for unknown addresses (and within the per-address cooldown).
      return { message: EMAIL_MESSAGES.forgotPasswordSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: limits.resetPassword },
      schema: { body: resetPasswordSchema, response: { 200: messageBody } },
    },
    async (request) => {
      const reset = await resetPassword(app.database.db, request.body.token, request.body.password);
      // Signed out everywhere: this instance at once, the others by the trigger's notification.
      app.tokens.revocations.addGeneration(reset.userId, reset.generation, reset.updatedAtMs);
      return { message: EMAIL_MESSAGES.passwordResetDone };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: limits.login },
      schema: {
        body: loginSchema,
        response: { 200: z.object({ token: z.string(), user: sessionUser, message: z.string() }) },
      },
    },
    async (request) => {
      const result = await login(
        app.database.db,
        request.body.email,
        request.body.password,
        app.config.adminEmails,
      );
      const { token } = await app.tokens.issue(result.claims);
      return { token, user: result.user, message: MESSAGES.loginSuccessful };
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: authenticated(), schema: { response: { 200: messageBody } } },
    async (request) => {
      await app.tokens.revoke(authOf(request));
      return { message: MESSAGES.loggedOut };
    },
  );
};
