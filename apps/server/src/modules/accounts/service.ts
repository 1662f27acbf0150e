import type { SessionUser } from '@slotwise/shared/accounts-types';
import type { Locale } from '@slotwise/shared/locales';
import { registerBodySchema } from '@slotwise/shared/accounts-schemas';
import type { AccountRole } from '@slotwise/shared/enums';
import type { CatalogueFieldValues } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { MAIL_COOLDOWN_SECONDS } from '@slotwise/shared/email-schemas';
import { startMailCooldown, takeMailCooldown } from './mail-cooldown';
import { hashToken, newSingleUseToken } from './single-use-token';
import { enqueueJobs } from '../../jobs/job-queue';
import { VERIFICATION_JOB } from '../../jobs/job-payloads';
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
import { providerSearchText } from '../discovery/search-text';
import { operatorRoleAtSignIn } from './operators';
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

/**
 * A fresh single-use verification token (256 bits); only its hash is stored. Called by the
 * verification mail job when it runs, so no raw token is ever stored, not even in a job.
 */
export async function createVerificationToken(db: DbOrTx, userId: string): Promise<string> {
  const { token, stored } = newSingleUseToken(VERIFICATION_TTL_MS);
  await db.insert(emailVerificationTokens).values({ userId, ...stored });
  return token;
}

/** Takes back a token whose mail could not be sent (the job retries with a new one). */
export async function dropVerificationToken(db: DbOrTx, token: string): Promise<void> {
  await db
    .delete(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
}

/** Queues the verification mail in the caller's transaction (docs/decisions/050-email-follow-ups.md). */
function enqueueVerificationMail(tx: DbOrTx, userId: string) {
  return enqueueJobs(tx, [{ kind: VERIFICATION_JOB, payload: { userId } }]);
}

export interface RegisteredUser {
  userId: string;
  email: string;
  firstName: string;
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
      // The mail goes out from a job; it also starts the address's resend cooldown.
      await enqueueVerificationMail(tx, userId);
      await startMailCooldown(tx, 'verification', email);
      return { userId, email, firstName: body.firstName };
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

/**
 * POST /verify-email: queues a fresh verification mail, at most one a minute per address. The
 * cooldown is kept for every address asked about, known or not (registration starts it too), so
 * the answer never tells whether an account exists. Returns 0 when a mail was queued (or would
 * have been: unknown or verified address), else the seconds until the next may be.
 */
export async function requestVerificationResend(db: Db, rawEmail: string): Promise<number> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const wait = await takeMailCooldown(tx, 'verification', email, MAIL_COOLDOWN_SECONDS);
    if (wait > 0) return wait;
    const [user] = await tx
      .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (user && !user.verifiedAt) await enqueueVerificationMail(tx, user.id);
    return 0;
  });
}

export interface LoginResult {
  user: SessionUser & { locale: Locale | null };
  claims: { userId: string; role: AccountRole; providerId: string | null };
}

export async function login(
  db: Db,
  rawEmail: string,
  password: string,
  adminEmails: ReadonlySet<string>,
): Promise<LoginResult> {
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
      locale: users.locale,
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
  const role = await operatorRoleAtSignIn(db, row, adminEmails);
  const providerId = role === 'provider' ? row.providerId : null;
  return {
    user: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      role,
      profileImageUrl: imageUrl(row.profileImageId),
      providerId,
      locale: row.locale,
    },
    claims: { userId: row.id, role, providerId },
  };
}
