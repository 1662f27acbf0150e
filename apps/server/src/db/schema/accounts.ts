import { ACCOUNT_ROLES } from '@slotwise/shared/enums';
import { SUPPORTED_LOCALES } from '@slotwise/shared/locales';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  bytea,
  createdAt,
  instant,
  optionalRef,
  ownerKey,
  updatedAt,
  uuidId,
} from './columns';

/** Accounts: users, their pictures, and the tokens, limits and cooldowns of signing in. */

export const users = pgTable(
  'users',
  {
    id: uuidId(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    /** IANA zone from the browser at registration; slot dates and "today" are read in it. */
    timezone: text('timezone').notNull().default('UTC'),
    profileImageId: optionalRef('profile_image_id', (): AnyPgColumn => images.id),
    emailVerifiedAt: instant('email_verified_at'),
    /** The person erased their account (docs/decisions/072): names, email, picture are gone. */
    deletedAt: instant('deleted_at'),
    /** E.164 (docs/decisions/073-phones.md); texts go to it only once confirmed. */
    phone: text('phone'),
    phoneConfirmedAt: instant('phone_confirmed_at'),
    /** The language chosen (docs/decisions/074-languages.md); NULL until chosen, read as English. */
    locale: text('locale', { enum: SUPPORTED_LOCALES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('client', 'provider', 'admin')`),
    check(
      'users_locale_check',
      sql`${t.locale} is null or ${t.locale} in ('en', 'es', 'fr', 'de', 'ar')`,
    ),
  ],
);

/** Profile pictures, re-encoded to ≤500 px: small enough that the database is their one home. */
export const images = pgTable('images', {
  id: uuidId(),
  ownerId: belongsTo('owner_id', (): AnyPgColumn => users.id),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  etag: text('etag').notNull(),
  createdAt: createdAt(),
});

/**
 * A table of single-use emailed tokens (verification, password reset). Only the SHA-256 of the
 * emailed token is stored: a database leak does not verify or reset anyone.
 */
function emailedTokens(name: string) {
  return pgTable(
    name,
    {
      id: uuidId(),
      userId: belongsTo('user_id', () => users.id),
      tokenHash: text('token_hash').notNull(),
      expiresAt: instant('expires_at').notNull(),
      usedAt: instant('used_at'),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${name}_hash_key`).on(t.tokenHash),
      index(`${name}_user_idx`).on(t.userId),
    ],
  );
}

export const emailVerificationTokens = emailedTokens('email_verification_tokens');

/** Logged-out tokens until they would have expired anyway; shared by every instance. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Failed logins per account, for the per-account hourly limit (shared by every instance). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuidId(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_created_idx').on(t.email, t.createdAt)],
);

export const passwordResetTokens = emailedTokens('password_reset_tokens');

/** Bumped by a password reset: every token issued with a lower generation is refused. */
export const sessionGenerations = pgTable('session_generations', {
  userId: ownerKey('user_id', () => users.id),
  generation: integer('generation').notNull().default(0),
  updatedAt: updatedAt(),
});

/** When a mail of a purpose was last sent to an address (known or not): honest cooldowns. */
export const mailCooldowns = pgTable(
  'mail_cooldowns',
  {
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    lastSentAt: instant('last_sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'mail_cooldowns_pkey', columns: [t.purpose, t.email] })],
);
