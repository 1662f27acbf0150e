import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, optionalRef, updatedAt, uuidId } from './columns';
import { providers } from './providers';

/**
 * Teams and resources (docs/decisions/064-teams-and-resources.md, 0017_businesses): a business
 * groups providers (its staff); resources are what its services may need, one booking at a time.
 */

export const businesses = pgTable(
  'businesses',
  {
    id: uuidId(),
    ownerProviderId: belongsTo('owner_provider_id', () => providers.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('businesses_owner_unique').on(t.ownerProviderId)],
);

/** A provider belongs to at most one business; the owner is a staff member too. */
export const businessStaff = pgTable(
  'business_staff',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    businessId: belongsTo('business_id', () => businesses.id),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [index('business_staff_business_idx').on(t.businessId, t.providerId)],
);

export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuidId(),
    businessId: belongsTo('business_id', () => businesses.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    acceptedBy: optionalRef('accepted_by', () => providers.id),
    createdAt: createdAt(),
  },
  (t) => [
    unique('business_invitations_token_unique').on(t.tokenHash),
    index('business_invitations_business_idx').on(t.businessId, t.createdAt),
  ],
);

export const businessResources = pgTable(
  'business_resources',
  {
    id: uuidId(),
    businessId: belongsTo('business_id', () => businesses.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('business_resources_business_idx').on(t.businessId)],
);
