import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, providerIdOf } from '../auth/authenticate';
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
  // SPEC calls GET /stats/ (trailing slash); the router ignores trailing slashes.
  app.get(
    '/stats',
    {
      onRequest: authenticated('provider'),
      schema: { response: { 200: z.object({ stats: statsSchema }) } },
    },
    async (request) => {
      const providerId = providerIdOf(request);
      const [stats, trust] = await Promise.all([
        getProviderStats(app.database.db, providerId),
        getTrustFigures(app.database.db, providerId),
      ]);
      return { stats: { ...stats, ...trust } };
    },
  );

  app.get(
    '/stats/analytics',
    {
      onRequest: authenticated('provider'),
      schema: { response: { 200: z.object({ analytics: analyticsSchema }) } },
    },
    async (request) => {
      const providerId = providerIdOf(request);
      const [analytics, trust] = await Promise.all([
        getProviderAnalytics(app.database.db, providerId),
        getTrustFigures(app.database.db, providerId),
      ]);
      return { analytics: { ...analytics, ...trust } };
    },
  );
};
