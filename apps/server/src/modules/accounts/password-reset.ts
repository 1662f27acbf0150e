import { MAIL_COOLDOWN_SECONDS, EMAIL_MESSAGES } from '@slotwise/shared/email-schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { enqueueJobs } from '../../jobs/job-queue';
import { PASSWORD_RESET_JOB } from '../../jobs/job-payloads';
import { takeMailCooldown } from './mail-cooldown';
import { hashPassword } from './passwords';
import { endAllSessions } from './sessions';
import { hashToken, newSingleUseToken } from './single-use-token';

/** A reset link is valid for one hour and works once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** A fresh single-use reset token (256 bits); only its hash is stored. Called by the mail job. */
export async function createPasswordResetToken(db: DbOrTx, userId: string): Promise<string> {
  const { token, stored } = newSingleUseToken(PASSWORD_RESET_TTL_MS);
  await db.insert(passwordResetTokens).values({ userId, ...stored });
  return token;
}

/**
 * POST /auth/forgot-password: queues the reset mail for a known address, at most one a minute
 * per address. The caller answers the same in every case (unknown address, cooldown, sent).
 */
export async function requestPasswordReset(db: Db, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const wait = await takeMailCooldown(tx, 'password_reset', email, MAIL_COOLDOWN_SECONDS);
    if (wait > 0) return;
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return;
    await enqueueJobs(tx, [{ kind: PASSWORD_RESET_JOB, payload: { userId: user.id } }]);
  });
}

/**
 * POST /auth/reset-password: consumes a valid, unused, unexpired token, sets the password, uses
 * up every other reset token of the account, and bumps its session generation so every token
 * issued before now is refused (signed out everywhere).
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ userId: string; generation: number; updatedAtMs: number }> {
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    // The mail reached the address: that verifies it too.
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.userId));
    return endAllSessions(tx, row.userId);
  });
  if (!done) throw new DomainError(400, 'INVALID_TOKEN', EMAIL_MESSAGES.resetLinkInvalid);
  // The caller applies it to this instance's revocation set at once (others hear the trigger).
  return done;
}
