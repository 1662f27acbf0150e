import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, providerIdOf } from '../auth/authenticate';
import { getProviderAnalytics, getProviderStats } from './service';

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
});

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  // SPEC calls GET /stats/ (trailing slash); the router ignores trailing slashes.
  app.get(
    '/stats',
    {
      onRequest: authenticated('provider'),
      schema: { response: { 200: z.object({ stats: statsSchema }) } },
    },
    async (request) => ({ stats: await getProviderStats(app.database.db, providerIdOf(request)) }),
  );

  app.get(
    '/stats/analytics',
    {
      onRequest: authenticated('provider'),
      schema: { response: { 200: z.object({ analytics: analyticsSchema }) } },
    },
    async (request) => ({
      analytics: await getProviderAnalytics(app.database.db, providerIdOf(request)),
    }),
  );
};
