import { errorResponses } from '@slotwise/shared/api-error-schemas';
import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import {
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  providerDetailResponseSchema,
  type ProviderSearchResponse,
  providerSearchQuerySchema,
  providerSearchResponseSchema,
} from '@slotwise/shared/discovery-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionallyAuthenticated } from '../../plugins/authenticate';
import { windowVariant } from '../../push/provider-window-cache';
import { resolveJwtSecret } from '../../plugins/signing-secret';
import { NotFoundError, ValidationError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { CursorCodec } from './cursor';
import { discoverProviders } from './discovery';
import { normaliseSearch } from './discovery-normalise';
import { PageCache } from './page-cache';
import { getProviderDetail } from './service';
import { availableWindowJson } from './available-window';

const errors = errorResponses(400, 401, 404, 429);

/** A provider id in the path: anything that is not one answers 404 'Provider not found'. */
const providerParams = z.object({ id: z.string() });

/**
 * Discovery reads (docs/product.md §11.2): public. Signed-in callers are counted per user,
 * anonymous ones per IP with a smaller budget (RATE_LIMIT on; docs/security.md).
 */
export const DISCOVERY_RATE_LIMIT = {
  max: (request: FastifyRequest) => (request.auth ? 600 : 240),
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `user:${request.auth.userId}` : `anon:${request.ip}`,
};

/** How many times longer than a page a search's capped total is kept. */
const TOTALS_TTL_FACTOR = 10;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = optionallyAuthenticated();
  const cursors = new CursorCodec(await resolveJwtSecret(app.config));
  const pages = new PageCache<ProviderSearchResponse>(app.config.searchCacheMs);
  // Totals are kept ten times as long as pages (docs/decisions/061-discovery-reloads.md).
  const totals = new PageCache<number>(app.config.searchCacheMs * TOTALS_TTL_FACTOR);
  const config = { rateLimit: DISCOVERY_RATE_LIMIT };

  app.get(
    '/search/providers',
    {
      onRequest: anyone,
      config,
      schema: {
        querystring: providerSearchQuerySchema,
        response: { 200: providerSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      // Public reads may come from the replica (docs/decisions/077-read-replica-and-pgbouncer.md).
      const read = await app.reads.route(request);
      const search = () => discoverProviders({ db: read.db, cursors, totals }, query);
      if (read.fresh) return search();
      // Validates placeId first: an unknown place is a 400, never a cached miss. A later page is
      // keyed by its cursor: visitors paging on from the same cached first page hold the same
      // cursor, so they share its next page too. A cursor that does not verify fails its load,
      // and a failed load is never kept.
      const key = JSON.stringify([
        normaliseSearch(query),
        query.limit,
        query.cursor ?? null,
        query.page ?? 1,
      ]);
      return pages.get(key, search);
    },
  );

  app.get(
    '/profile/providers/:id',
    {
      onRequest: anyone,
      config,
      schema: {
        params: providerParams,
        response: { 200: providerDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({
      provider: await getProviderDetail((await app.reads.route(request)).db, request.params.id, {
        signedIn: request.auth !== null,
      }),
    }),
  );

  app.get(
    '/search/providers/:id/available-slots',
    {
      onRequest: anyone,
      config,
      schema: {
        params: providerParams,
        querystring: availableSlotsQuerySchema,
        response: { 200: availableSlotsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A signed-in caller's token check began earlier and its barrier covers that instant.
      const since = request.auth?.since ?? performance.now();
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
      const { from, to } = request.query;
      const read = await app.reads.route(request);
      const load = async () => {
        // A window (docs/decisions/054-available-slots-window.md) answered by one prepared
        // statement as JSON text in the response schema's shape: a string skips the serializer.
        const result = await availableWindowJson(read.db, id, { from, to });
        if (result.kind === 'not-found') throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
        if (result.kind === 'too-wide') {
          // Only `to` alone can get here: the schema already refuses a too-wide from–to pair.
          throw ValidationError.field('to', AVAILABILITY_MESSAGES.windowTooWide);
        }
        return result.body;
      };
      // Kept per provider and window until something in it changes, at most a second (it
      // depends on the clock; docs/decisions/057-provider-window-cache.md). A caller's read of
      // their own fresh write skips it; a replica's answer is kept only once the replica has
      // every change heard of (docs/decisions/077).
      const body = !read.windowCache
        ? await load()
        : await app.windowCache.answer(
            'available',
            id,
            windowVariant({ from, to }),
            since,
            load,
            read.keeps,
          );
      // The type provider types send() as the schema's object; this is its JSON text.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
