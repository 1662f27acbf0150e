import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';
import { msg } from '@slotwise/shared/locales';

/**
 * The longest URL (path and query) the API takes. Real ones are far shorter: ids are UUIDs and
 * the longest query value is a 100-character search text. Anything longer is refused before
 * routing work, parsing or logging of a huge query string happens.
 */
export const MAX_URL_LENGTH = 2048;

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (broken percent-encoding) or a
 * path parameter over `maxParamLength` would otherwise get Fastify's own body, without our
 * headers; this answers with the docs/product.md §10.2 error body instead.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('X-Content-Type-Options', 'nosniff');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, 'BAD_REQUEST', msg('The request URL is too long'));
  }
  return sendError(reply, 400, 'BAD_REQUEST', msg('The request URL is not valid'));
}

/** Request hygiene that applies to every route: today, the URL length. */
export const requestLimitsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.length <= MAX_URL_LENGTH) return;
      return sendError(
        reply,
        414,
        'BAD_REQUEST',
        `The request URL is too long (at most ${MAX_URL_LENGTH} characters)`,
      );
    });
  },
  { name: 'request-limits' },
);
