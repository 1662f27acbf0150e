import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@slotwise/shared/accounts-schemas';
import fp from 'fastify-plugin';
import { uploadRoutes } from '../images/routes';
import { calendarFeedRoutes } from '../modules/calendar/routes';
import { demoCalendarRoutes } from '../demo/demo-calendar';
import { seoRoutes } from '../modules/seo/routes';
import { apiRoutes } from './api-routes';

/**
 * Every route: the modules' API under /api (api-routes.ts), uploaded pictures, and the
 * calendar feeds (outside /api); multipart bodies (one picture) for the routes that take them.
 */
export const routesPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
    });
    await app.register(apiRoutes, { prefix: '/api' });
    await app.register(uploadRoutes);
    await app.register(calendarFeedRoutes);
    // Pages search engines read, the sitemap and robots.txt (docs/decisions/075).
    await app.register(seoRoutes);
    // The demo's calendar feed (docs/decisions/071-calendar-sync.md), in demo mode only.
    if (app.config.demoData) await app.register(demoCalendarRoutes);
  },
  { name: 'routes', dependencies: ['api-docs', 'appointment-changes'] },
);
