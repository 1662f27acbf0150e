import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, calendarFeeds, providers, users } from '../../db/schema';
import { firstOr } from '../../lib/first-row';
import type { IcsEvent } from '../email/ics';
import { appointmentEventRows, icsEventOf } from './appointment-events';

/**
 * Secret calendar feeds (docs/decisions/044-email-and-calendars.md). A secret is the user's id
 * (16 bytes) and an HMAC of (user id : nonce) under the server's key (16 bytes), base64url:
 * showing the URL needs no write (the first nonce is implicit), a reset stores a new random
 * nonce and the SHA-256 of the new secret, and the database never holds a secret itself.
 */

const INITIAL_NONCE = 'initial';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function secretOf(key: Uint8Array, userId: string, nonce: string): string {
  const mac = createHmac('sha256', key).update(`${userId}:${nonce}`).digest().subarray(0, 16);
  return Buffer.concat([uuidBytes(userId), mac]).toString('base64url');
}

async function feedRow(db: DbOrTx, userId: string) {
  const { nonce, secretHash } = calendarFeeds;
  return firstOr(
    db.select({ nonce, secretHash }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    null,
  );
}

/** The user's feed secret (no write); `reset` replaces it for good. */
export async function feedSecret(
  db: DbOrTx,
  key: Uint8Array,
  userId: string,
  reset = false,
): Promise<string> {
  if (!reset) return secretOf(key, userId, (await feedRow(db, userId))?.nonce ?? INITIAL_NONCE);
  const nonce = randomBytes(16).toString('base64url');
  const secret = secretOf(key, userId, nonce);
  await db
    .insert(calendarFeeds)
    .values({ userId, nonce, secretHash: sha256(secret) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { nonce, secretHash: sha256(secret), createdAt: sql`now()` },
    });
  return secret;
}

/** The user a secret belongs to, or null (malformed, forged, or replaced by a reset). */
async function ownerOfSecret(db: DbOrTx, key: Uint8Array, secret: string): Promise<string | null> {
  const bytes = Buffer.from(secret, 'base64url');
  if (bytes.length !== 32 || bytes.toString('base64url') !== secret) return null;
  const userId = uuidOf(bytes.subarray(0, 16));
  const row = await feedRow(db, userId);
  const expected = Buffer.from(secretOf(key, userId, row?.nonce ?? INITIAL_NONCE));
  const given = Buffer.from(secret);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (row && row.secretHash !== sha256(secret)) return null;
  return userId;
}

/** The feed owner and their upcoming, still-booked appointments, or null for an unknown secret. */
export async function feedBySecret(
  db: DbOrTx,
  key: Uint8Array,
  secret: string,
): Promise<{ name: string; events: IcsEvent[] } | null> {
  const ownerId = await ownerOfSecret(db, key, secret);
  if (!ownerId) return null;
  const [owner] = await db
    .select({ userId: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  if (!owner) return null;
  const rows = await appointmentEventRows(db)
    .where(
      and(
        or(eq(appointments.clientId, owner.userId), eq(providers.userId, owner.userId)),
        eq(appointments.status, 'booked'),
        gt(appointments.endsAt, sql`now()`),
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(500);
  return {
    name: `Slotwise — ${owner.firstName}`,
    events: rows.map((row) => icsEventOf(row, owner.userId)),
  };
}
