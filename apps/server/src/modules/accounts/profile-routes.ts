import { ACCOUNT_ROLES } from '@slotwise/shared/enums';
import { providerCatalogueDetailsSchema } from '@slotwise/shared/catalogue-schemas';
import { localeSchema } from '@slotwise/shared/locale-schema';
import { phoneSchema } from '@slotwise/shared/phones-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm } from '../../lib/multipart';
import { authenticated, authOf } from '../../plugins/authenticate';
import { getProfile, updateProfile } from './profile-service';

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  first_name: z.string(),
  lastName: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  timezone: z.string(),
  profileImageUrl: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  providerId: z.string().nullable(),
  providerDetails: z
    .object({ specialty: z.string().nullable(), bio: z.string() })
    .extend(providerCatalogueDetailsSchema.shape)
    .extend({
      // docs/product.md §19.4: the suspended provider's dashboard says since when and why.
      suspension: z.object({ suspended_at: z.string(), note: z.string() }).nullable(),
    })
    .nullable(),
  phone: phoneSchema.nullable(),
  locale: localeSchema.nullable(),
  updatedAt: z.string(),
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      onRequest: authenticated(),
      schema: { response: { 200: z.object({ profile: profileSchema }) } },
    },
    async (request) => ({ profile: await getProfile(app.database.db, authOf(request).userId) }),
  );

  app.patch(
    '/profile/update',
    {
      onRequest: authenticated(),
      schema: { response: { 200: z.object({ message: z.string(), profile: profileSchema }) } },
    },
    async (request) => {
      const { fields, file } = await readForm(request, 'profilePic');
      const profile = await updateProfile(app.database.db, authOf(request).userId, fields, file);
      return { message: MESSAGES.profileUpdated, profile };
    },
  );
};
