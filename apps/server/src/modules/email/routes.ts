import {
  EMAIL_MESSAGES,
  notificationPreferencesPatchSchema,
  notificationPreferencesResponseSchema,
} from '@slotwise/shared/email-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticated, authOf } from '../auth/authenticate';
import { getPreferences, updatePreferences } from './preferences';

/** GET/PATCH /profile/notification-preferences: the caller's own mail preferences. */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/notification-preferences',
    {
      onRequest: authenticated(),
      schema: { response: { 200: notificationPreferencesResponseSchema } },
    },
    async (request) => ({
      preferences: await getPreferences(app.database.db, authOf(request).userId),
    }),
  );

  app.patch(
    '/profile/notification-preferences',
    {
      onRequest: authenticated(),
      schema: {
        body: notificationPreferencesPatchSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await updatePreferences(app.database.db, authOf(request).userId, request.body),
      message: EMAIL_MESSAGES.preferencesSaved,
    }),
  );
};
