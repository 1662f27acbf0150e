import { errorResponses } from '@slotwise/shared/api-error-schemas';
import {
  PHONE_MESSAGES,
  phoneCodeSchema,
  phoneNumberSchema,
  phoneResponseSchema,
} from '@slotwise/shared/phones-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError } from '../../errors';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import { applyInboundText, formFields, signatureMatches } from './inbound';
import { confirmPhone, removePhone, setPhone } from './phone';

/**
 * The phone number on the profile (docs/product.md §20.3): any signed-in account sets, confirms
 * and removes its own.
 */
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authenticated();
  const write = guardedRoutes(signedIn, 400, 401, 403, 429);
  const db = app.database.db;

  app.patch(
    '/profile/phone',
    write({ body: phoneNumberSchema, response: { 200: phoneResponseSchema } }),
    async (request) => ({
      message: PHONE_MESSAGES.codeSent,
      phone: await setPhone(db, authOf(request).userId, request.body.phone),
    }),
  );

  app.post(
    '/profile/phone/confirm',
    write({ body: phoneCodeSchema, response: { 200: phoneResponseSchema } }),
    async (request) => ({
      message: PHONE_MESSAGES.phoneConfirmed,
      phone: await confirmPhone(db, authOf(request).userId, request.body.code),
    }),
  );

  app.delete(
    '/profile/phone',
    write({ response: { 200: phoneResponseSchema } }),
    async (request) => {
      await removePhone(db, authOf(request).userId);
      return { message: PHONE_MESSAGES.phoneRemoved, phone: null };
    },
  );
};

const INBOUND_PATH = '/sms/inbound';

/**
 * Twilio's inbound texts (docs/product.md §20.3): no session, the X-Twilio-Signature over
 * PUBLIC_URL + the path and the form's fields is the credential (TWILIO_AUTH_TOKEN). Answers empty
 * TwiML: Twilio itself confirms STOP and START to the sender.
 */
export const smsInboundRoutes: FastifyPluginAsyncZod = async (app) => {
  const url = `${app.config.publicUrl}/api${INBOUND_PATH}`;
  const token = app.config.smsWebhookToken;

  // Twilio posts a form: kept as the string it was, parsed below (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    INBOUND_PATH,
    { schema: { hide: true, response: { 200: z.string(), ...errorResponses(403) } } },
    async (request, reply) => {
      const fields = typeof request.body === 'string' ? formFields(request.body) : null;
      const signature = request.headers['x-twilio-signature'];
      if (
        !fields ||
        !signatureMatches(token, url, fields, typeof signature === 'string' ? signature : undefined)
      ) {
        throw new ForbiddenError();
      }
      await applyInboundText(app.database.db, fields.From ?? '', fields.Body ?? '');
      return reply.type('text/xml').send('<Response/>');
    },
  );
};
