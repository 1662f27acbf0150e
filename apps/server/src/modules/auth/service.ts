import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@slotwise/shared/api-types';
import { registerBodySchema } from '@slotwise/shared/auth-schemas';
import type { UserRole } from '@slotwise/shared/enums';
import type { CatalogueFieldValues } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/messages';
import { MAIL_COOLDOWN_SECONDS } from '@slotwise/shared/email-schemas';
import { takeMailCooldown } from './mail-cooldown';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../db/errors';
import { emailVerificationTokens, loginFailures, providers, users } from '../../db/schema';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '../../errors';
import { imageUrl, saveImage } from '../../images/image-store';
import { processProfileImage } from '../../images/process-image';
import type { UploadedFile } from '../../lib/multipart';
import { parseWith } from '../../lib/validation';
import { catalogueValues } from '../catalogue/provider-location';
import { providerSearchText } from '../search/search-text';
import { hashPassword, verifyPassword } from './passwords';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Failed logins an account may collect in an hour before further attempts are refused. */
export const MAX_FAILED_LOGINS_PER_HOUR = 100;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh single-use verification token (256 bits); only its hash is stored. */
export async function createVerificationToken(db: DbOrTx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailVerificationTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  return token;
}

export interface RegisteredUser {
  userId: string;
  email: string;
  firstName: string;
  verificationToken: string;
}

export async function registerUser(
  db: Db,
  fields: Record<string, unknown>,
  picture: UploadedFile | null,
): Promise<RegisteredUser> {
  const body = parseWith(registerBodySchema, fields);
  const timezone = body.timezone || 'UTC';
  if (!isValidTimeZone(timezone)) throw ValidationError.field('timezone', MESSAGES.invalidTimezone);
  const email = body.email.toLowerCase();
  // CPU work (re-encoding, hashing) before the transaction keeps it short.
  const image = picture ? await processProfileImage(picture.buffer) : null;
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName || '-',
          role: body.role,
          timezone,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      if (image) {
        const imageId = await saveImage(tx, userId, image);
        await tx.update(users).set({ profileImageId: imageId }).where(eq(users.id, userId));
      }
      if (body.role === 'provider') {
        await tx.insert(providers).values({
          userId,
          searchText: providerSearchText(body.firstName, body.lastName, null),
        });
      }
      const verificationToken = await createVerificationToken(tx, userId);
      return { userId, email, firstName: body.firstName, verificationToken };
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) {
      throw new ConflictError('EMAIL_TAKEN', MESSAGES.emailTaken);
    }
    throw error;
  }
}

/** Onboarding step 2: only for a provider whose profile has not been completed yet. */
export async function completeProviderProfile(
  db: Db,
  input: { userId: string; specialty: string; bio: string } & CatalogueFieldValues,
): Promise<void> {
  // Category, place and service mode: optional here (docs/decisions/041-catalogue.md), and an
  // unknown place is bad input (400) before any lookup of the account.
  const catalogue = catalogueValues(input, { serviceMode: 'at_provider', radiusKm: null });
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!owner || owner.role !== 'provider') throw new NotFoundError('Provider account not found');
  const updated = await db
    .update(providers)
    .set({
      ...catalogue,
      specialty: input.specialty,
      bio: input.bio,
      searchText: providerSearchText(owner.firstName, owner.lastName, input.specialty),
      updatedAt: new Date(),
    })
    .where(and(eq(providers.userId, input.userId), isNull(providers.specialty)))
    .returning({ id: providers.id });
  if (updated.length === 0)
    throw new ConflictError('INVALID_STATE', MESSAGES.providerProfileNotAllowed);
}

/** Consumes a verification token: valid, unused and unexpired, exactly once. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const consumed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, row.userId));
    return true;
  });
  if (!consumed) throw new DomainError(400, 'INVALID_TOKEN', MESSAGES.verificationLinkInvalid);
}

export interface ResendDecision {
  /** A mail to send now, or null (unknown address, already verified, or cooling down). */
  send: { email: string; firstName: string; token: string } | null;
  /** 0 when a mail went out (or would have); else seconds until the next may. */
  retryAfterSeconds: number;
}

/**
 * POST /verify-email: at most one verification mail a minute per address. The cooldown is
 * kept for every address asked about, known or not, so the answer never tells whether an
 * account exists; an account's own last mail (e.g. at registration) counts too.
 */
export async function prepareResend(db: Db, rawEmail: string): Promise<ResendDecision> {
  const email = rawEmail.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user && !user.verifiedAt) {
    const [recent] = await db
      .select({
        wait: sql<number>`ceil(extract(epoch from (max(${emailVerificationTokens.createdAt}) + interval '${sql.raw(String(MAIL_COOLDOWN_SECONDS))} seconds' - now())))`,
      })
      .from(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, user.id),
          gt(
            emailVerificationTokens.createdAt,
            sql`now() - interval '${sql.raw(String(MAIL_COOLDOWN_SECONDS))} seconds'`,
          ),
        ),
      );
    const wait = Number(recent?.wait ?? 0);
    if (wait > 0) return { send: null, retryAfterSeconds: wait };
  }
  const wait = await takeMailCooldown(db, 'verification', email, MAIL_COOLDOWN_SECONDS);
  if (wait > 0) return { send: null, retryAfterSeconds: wait };
  if (!user || user.verifiedAt) return { send: null, retryAfterSeconds: 0 };
  return {
    send: { email, firstName: user.firstName, token: await createVerificationToken(db, user.id) },
    retryAfterSeconds: 0,
  };
}

export interface LoginResult {
  user: SessionUser;
  claims: { userId: string; role: UserRole; providerId: string | null };
}

export async function login(db: Db, rawEmail: string, password: string): Promise<LoginResult> {
  const email = rawEmail.trim().toLowerCase();
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const [failures] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, hourAgo)));
  if ((failures?.n ?? 0) >= MAX_FAILED_LOGINS_PER_HOUR) {
    throw new RateLimitedError(MESSAGES.tooManyLoginAttempts);
  }
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      profileImageId: users.profileImageId,
      emailVerifiedAt: users.emailVerifiedAt,
      providerId: providers.id,
    })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  // Same answer, same work, whether the account exists or the password is wrong.
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !ok) {
    await db.insert(loginFailures).values({ email });
    await db.delete(loginFailures).where(lt(loginFailures.createdAt, hourAgo));
    throw new UnauthenticatedError(MESSAGES.invalidCredentials);
  }
  if (!row.emailVerifiedAt)
    throw new ForbiddenError(MESSAGES.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  const providerId = row.role === 'provider' ? row.providerId : null;
  return {
    user: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      role: row.role,
      profileImageUrl: imageUrl(row.profileImageId),
      providerId,
    },
    claims: { userId: row.id, role: row.role, providerId },
  };
}
