import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { z } from 'zod';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import { getProviderAnalytics, getProviderStats } from './service';
import { getTrustFigures } from './trust-figures';

/** Trust figures, in both answers (README "Provider statistics"). */
const trustFields = {
  rating: z.number().nullable(),
  reviewCount: z.number(),
  noShowRate: z.number(),
};

const statsSchema = z.object({
  todayCount: z.number(),
  todayChange: z.number(),
  avgDuration: z.number(),
  durationChange: z.number(),
  completionRate: z.number(),
  completionChange: z.number(),
  bookedThisWeek: z.number(),
  canceledThisWeek: z.number(),
  rescheduledThisWeek: z.number(),
  ...trustFields,
});

const analyticsSchema = z.object({
  timezone: z.string(),
  last30Days: z.array(
    z.object({ day: z.string(), bookings: z.number(), cancellations: z.number() }),
  ),
  utilisation: z.number(),
  publishedMinutes: z.number(),
  bookedMinutes: z.number(),
  byWeekday: z.array(z.object({ weekday: z.number(), appointments: z.number() })),
  byHour: z.array(z.object({ hour: z.number(), appointments: z.number() })),
  next7Days: z.array(
    z.object({ day: z.string(), publishedMinutes: z.number(), bookedMinutes: z.number() }),
  ),
  ...trustFields,
});

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');

  /** The caller's figures from `load`, with the trust figures of both answers added. */
  async function withTrust<T extends object>(
    request: FastifyRequest,
    load: (db: Db, providerId: string) => Promise<T>,
  ) {
    const providerId = providerIdOf(request);
    const [figures, trust] = await Promise.all([
      load(app.database.db, providerId),
      getTrustFigures(app.database.db, providerId),
    ]);
    return { ...figures, ...trust };
  }

  // SPEC calls GET /stats/ (trailing slash); the router ignores trailing slashes.
  app.get(
    '/stats',
    { onRequest: providerOnly, schema: { response: { 200: z.object({ stats: statsSchema }) } } },
    async (request) => ({ stats: await withTrust(request, getProviderStats) }),
  );

  app.get(
    '/stats/analytics',
    {
      onRequest: providerOnly,
      schema: { response: { 200: z.object({ analytics: analyticsSchema }) } },
    },
    async (request) => ({ analytics: await withTrust(request, getProviderAnalytics) }),
  );
};
