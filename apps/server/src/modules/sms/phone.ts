import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_HOUR,
  PHONE_MESSAGES,
  type PhoneInfo,
  SMS_TEXTS,
} from '@slotwise/shared/phones-schemas';
import { mobileNumberOf } from '@slotwise/shared/phone-number';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { phoneConfirmations, smsMessages, users } from '../../db/schema';
import { NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { writeChannels } from '../notifications/channel-preferences';
import { queueSms } from './sms-queue';

/**
 * The phone number on the profile (docs/product.md §20.3): set it, confirm it with a texted
 * 6-digit code (only its SHA-256 is stored; 10 minutes, 5 tries, 5 codes an hour), remove it.
 * Confirming turns SMS on for reminders and waitlist offers.
 */

const HOUR_MS = 60 * 60 * 1000;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The number on the profile, or null (GET /api/profile's `phone`). */
export async function phoneOf(db: DbOrTx, userId: string): Promise<PhoneInfo | null> {
  const [row] = await db
    .select({ phone: users.phone, confirmedAt: users.phoneConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new NotFoundError('Profile not found');
  return row.phone ? { number: row.phone, confirmed: row.confirmedAt !== null } : null;
}

/** PATCH /api/profile/phone: the number becomes the profile's, unconfirmed, and a code is texted. */
export async function setPhone(db: Db, userId: string, input: string): Promise<PhoneInfo> {
  const number = mobileNumberOf(input);
  if (!number) throw ValidationError.field('phone', PHONE_MESSAGES.phoneInvalid);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  await db.transaction(async (tx) => {
    // One account at a time: the count below and the insert cannot interleave.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [sent] = await tx
      .select({ n: count() })
      .from(smsMessages)
      .where(
        and(
          eq(smsMessages.userId, userId),
          eq(smsMessages.kind, 'code'),
          gt(smsMessages.createdAt, new Date(now - HOUR_MS)),
        ),
      );
    if (Number(sent?.n ?? 0) >= PHONE_CODES_PER_HOUR) {
      throw new RateLimitedError(PHONE_MESSAGES.tooManyCodes);
    }
    await tx
      .update(users)
      .set({ phone: number, phoneConfirmedAt: null, updatedAt: new Date(now) })
      .where(eq(users.id, userId));
    const confirmation = {
      phone: number,
      codeHash: hashCode(code),
      expiresAt: new Date(now + PHONE_CODE_TTL_MINUTES * 60_000),
      attempts: 0,
      createdAt: new Date(now),
    };
    await tx
      .insert(phoneConfirmations)
      .values({ userId, ...confirmation })
      .onConflictDoUpdate({ target: phoneConfirmations.userId, set: confirmation });
    // The code is never deferred by quiet hours (sms-jobs.ts): it is sent at once.
    const body = SMS_TEXTS.code(code);
    await queueSms(tx, { userId, phone: number, kind: 'code', body });
  });
  return { number, confirmed: false };
}

/** POST /api/profile/phone/confirm. */
export async function confirmPhone(db: Db, userId: string, code: string): Promise<PhoneInfo> {
  const wrong = (message: string) => ValidationError.field('code', message);
  return db
    .transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(phoneConfirmations)
        .where(eq(phoneConfirmations.userId, userId))
        .for('update');
      if (!pending) throw wrong(PHONE_MESSAGES.noPendingCode);
      if (
        pending.expiresAt.getTime() <= Date.now() ||
        pending.attempts >= PHONE_CODE_MAX_ATTEMPTS
      ) {
        throw wrong(PHONE_MESSAGES.codeExpired);
      }
      const given = Buffer.from(hashCode(code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(pending.codeHash, 'hex'))) {
        await tx
          .update(phoneConfirmations)
          .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
          .where(eq(phoneConfirmations.userId, userId));
        // Thrown after the transaction commits the count (see below).
        return null;
      }
      await tx.delete(phoneConfirmations).where(eq(phoneConfirmations.userId, userId));
      await tx
        .update(users)
        .set({ phone: pending.phone, phoneConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      await writeChannels(tx, userId, {
        channels: { reminder: { sms: true }, waitlist: { sms: true } },
      });
      return { number: pending.phone, confirmed: true };
    })
    .then((confirmed) => {
      if (!confirmed) throw wrong(PHONE_MESSAGES.codeWrong);
      return confirmed;
    });
}

/** DELETE /api/profile/phone: the number and any code being confirmed go, and every SMS cell is off. */
export async function removePhone(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(phoneConfirmations).where(eq(phoneConfirmations.userId, userId));
    await tx
      .update(users)
      .set({ phone: null, phoneConfirmedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const off = { sms: false };
    await writeChannels(tx, userId, {
      channels: { booking: off, change: off, reminder: off, waitlist: off, message: off },
    });
  });
}
