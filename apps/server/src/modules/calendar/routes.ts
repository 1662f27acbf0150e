import { EMAIL_MESSAGES, feedUrlResponseSchema } from '@slotwise/shared/email-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { authenticated, authOf } from '../../plugins/authenticate';
import { resolveJwtSecret } from '../../plugins/signing-secret';
import { calendarFeed } from '../email/ics';
import { appointmentIcsRoutes } from './appointment-ics';
import { feedBySecret, feedSecret } from './service';

const feedUrl = (publicUrl: string, secret: string) => `${publicUrl}/calendar/${secret}.ics`;

/** GET /calendar/feed-url and POST /calendar/feed-url/reset (under /api, the caller's own). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = await resolveJwtSecret(app.config);
  await app.register(appointmentIcsRoutes);

  app.get(
    '/calendar/feed-url',
    { onRequest: authenticated(), schema: { response: { 200: feedUrlResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const secret = await feedSecret(app.database.db, key, authOf(request).userId);
      return { url: feedUrl(app.config.publicUrl, secret) };
    },
  );

  app.post(
    '/calendar/feed-url/reset',
    { onRequest: authenticated(), schema: { response: { 200: feedUrlResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const secret = await feedSecret(app.database.db, key, authOf(request).userId, true);
      return { url: feedUrl(app.config.publicUrl, secret), message: EMAIL_MESSAGES.feedUrlReset };
    },
  );
};

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** GET /calendar/<secret>.ics — outside /api: calendar apps subscribe without a token. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = await resolveJwtSecret(app.config);
  app.get(
    '/calendar/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const secret = FEED_FILE.exec(request.params.file)?.[1];
      const feed = secret ? await feedBySecret(app.database.db, key, secret) : null;
      if (!feed) throw new NotFoundError('Calendar not found');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Robots-Tag', 'noindex');
      return reply.type('text/calendar; charset=utf-8').send(calendarFeed(feed.name, feed.events));
    },
  );
};
