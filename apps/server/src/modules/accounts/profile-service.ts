import type { Profile, ProviderSuspension } from '@slotwise/shared/accounts-types';
import { profileUpdateSchema } from '@slotwise/shared/accounts-schemas';
import type { ProviderCatalogueDetails } from '@slotwise/shared/catalogue-schemas';
import { localeSchema } from '@slotwise/shared/locale-schema';
import type { Locale } from '@slotwise/shared/locales';
import { MESSAGES } from '@slotwise/shared/texts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { providers, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { deleteImage, imageUrl, saveImage } from '../../images/image-store';
import { processProfileImage } from '../../images/process-image';
import type { UploadedFile } from '../../lib/multipart';
import { parseWith } from '../../lib/validation';
import { hashPassword } from './passwords';
import { catalogueDetails, catalogueValues } from '../catalogue/provider-location';
import { providerSearchText } from '../discovery/search-text';

/** The profile as the server sends it: the catalogue fields are always there for a provider. */
export type FullProfile = Omit<Profile, 'providerDetails' | 'locale'> & {
  locale: Locale | null;
  providerDetails:
    | ({ specialty: string | null; bio: string } & ProviderCatalogueDetails & {
          suspension: ProviderSuspension | null;
        })
    | null;
};

export async function getProfile(db: DbOrTx, userId: string): Promise<FullProfile> {
  const [row] = await db
    .select({
      ...pickColumns(users, 'id', 'firstName', 'lastName', 'email', 'role', 'timezone'),
      ...pickColumns(users, 'profileImageId', 'updatedAt', 'phone', 'phoneConfirmedAt'),
      locale: users.locale,
      providerId: providers.id,
      ...pickColumns(providers, 'specialty', 'bio', 'category', 'address', 'serviceMode'),
      ...pickColumns(providers, 'placeId', 'placeName', 'placeRegion', 'placeCountry'),
      ...pickColumns(providers, 'lat', 'lng', 'radiusKm', 'suspendedAt', 'suspensionNote'),
      providerUpdatedAt: providers.updatedAt,
    })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError('Profile not found');
  const profileImageUrl = imageUrl(row.profileImageId);
  const isProvider = row.role === 'provider' && row.providerId !== null;
  const updatedAt =
    row.providerUpdatedAt && row.providerUpdatedAt > row.updatedAt
      ? row.providerUpdatedAt
      : row.updatedAt;
  return {
    id: row.id,
    firstName: row.firstName,
    first_name: row.firstName,
    lastName: row.lastName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    timezone: row.timezone,
    profileImageUrl,
    profile_image_url: profileImageUrl,
    providerId: isProvider ? row.providerId : null,
    providerDetails: isProvider
      ? {
          specialty: row.specialty,
          bio: row.bio ?? '',
          ...catalogueDetails({ ...row, serviceMode: row.serviceMode ?? 'at_provider' }),
          // Their dashboard says they are suspended and why (docs/product.md §19.4).
          suspension: row.suspendedAt
            ? { suspended_at: row.suspendedAt.toISOString(), note: row.suspensionNote ?? '' }
            : null,
        }
      : null,
    // The number on the profile (docs/product.md §20.3), confirmed or not.
    phone: row.phone ? { number: row.phone, confirmed: row.phoneConfirmedAt !== null } : null,
    locale: row.locale,
    updatedAt: updatedAt.toISOString(),
  };
}

/** The `locale` field of a profile update, if sent: one of the five languages. */
function localeOf(fields: Record<string, unknown>): Locale | undefined {
  if (fields.locale === undefined) return undefined;
  const parsed = localeSchema.safeParse(fields.locale);
  if (!parsed.success) throw ValidationError.field('locale', 'Choose one of the languages offered');
  return parsed.data;
}

/**
 * docs/product.md §5 profile update. The email is checked and sent by the client but cannot change here:
 * a new address would need its own verification first (docs/decisions/013-email-change-refused.md).
 */
export async function updateProfile(
  db: Db,
  userId: string,
  fields: Record<string, unknown>,
  picture: UploadedFile | null,
): Promise<FullProfile> {
  const locale = localeOf(fields);
  // The language switch sends the language alone (docs/product.md §21.1): nothing else changes.
  if (locale !== undefined && !picture && Object.keys(fields).every((key) => key === 'locale')) {
    const [updated] = await db
      .update(users)
      .set({ locale, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated) throw new NotFoundError('Profile not found');
    return getProfile(db, userId);
  }
  const current = await getProfile(db, userId);
  const input = parseWith(
    // An operator's profile is a person's profile: the client fields (docs/decisions/072).
    profileUpdateSchema(current.role === 'provider' ? 'provider' : 'client'),
    fields,
  );
  if (input.email.toLowerCase() !== current.email) {
    throw ValidationError.field('email', MESSAGES.emailChangeNotAllowed);
  }
  const catalogue = current.providerDetails
    ? catalogueValues(input, {
        serviceMode: current.providerDetails.serviceMode,
        radiusKm: current.providerDetails.radiusKm,
      })
    : {};
  const image = picture ? await processProfileImage(picture.buffer) : null;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  let oldImageId: string | null = null;

  await db.transaction(async (tx) => {
    const values: Partial<typeof users.$inferInsert> = {
      firstName: input.firstName,
      lastName: input.lastName,
      updatedAt: new Date(),
    };
    if (locale !== undefined) values.locale = locale;
    if (passwordHash) values.passwordHash = passwordHash;
    if (image) {
      const [before] = await tx
        .select({ imageId: users.profileImageId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      oldImageId = before?.imageId ?? null;
      values.profileImageId = await saveImage(tx, userId, image);
    }
    await tx.update(users).set(values).where(eq(users.id, userId));
    if (current.providerDetails) {
      const specialty = input.specialty ?? current.providerDetails.specialty;
      await tx
        .update(providers)
        .set({
          ...catalogue,
          specialty,
          bio: input.bio ?? current.providerDetails.bio,
          searchText: providerSearchText(input.firstName, input.lastName, specialty),
          updatedAt: new Date(),
        })
        .where(eq(providers.userId, userId));
    }
    if (oldImageId) await deleteImage(tx, oldImageId);
  });
  return getProfile(db, userId);
}
