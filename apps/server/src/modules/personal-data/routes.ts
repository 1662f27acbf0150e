import {
  accountExportSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  PERSONAL_DATA_MESSAGES,
} from '@slotwise/shared/personal-data-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import { eraseAccount } from './erasure';
import { exportAccount } from './export';

/**
 * People's data (docs/product.md §19.5, docs/decisions/072): any signed-in account downloads
 * everything stored about it, or deletes itself (erasure.ts). What covers which table is
 * personal-tables.ts.
 */
export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authenticated();
  const read = guardedRoutes(signedIn, 401);
  const erase = guardedRoutes(signedIn, 400, 401, 409);

  app.get(
    '/account/export',
    read({ response: { 200: accountExportSchema } }),
    async (request, reply) => {
      const document = await exportAccount(app.database.db, authOf(request).userId);
      const day = document.exported_at.slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="slotwise-data-${day}.json"`);
      reply.header('Cache-Control', 'no-store');
      return document;
    },
  );

  app.delete(
    '/account',
    erase({ body: deleteAccountSchema, response: { 200: deleteAccountResponseSchema } }),
    async (request) => {
      const { sessions } = await eraseAccount(
        {
          db: app.database.db,
          changes: app.appointmentChanges,
          payments: app.payments.settings,
        },
        authOf(request).userId,
        request.body.password,
      );
      // Signed out everywhere: this instance at once, the others by the trigger's notification.
      app.tokens.revocations.addGeneration(
        sessions.userId,
        sessions.generation,
        sessions.updatedAtMs,
      );
      return { message: PERSONAL_DATA_MESSAGES.accountDeleted };
    },
  );
};
