import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents, appointments, calendarFeeds, providers, users } from '../../db/schema';
import type { IcsEvent } from '../email/ics';

/**
 * Secret calendar feeds (docs/decisions/007-email-and-calendars.md). The secret is
 * HMAC(server key, user id : nonce): the same URL can be shown again, a reset (new nonce)
 * replaces it, and the database holds only its SHA-256 and the nonce.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secretOf = (key: Uint8Array, userId: string, nonce: string) =>
  createHmac('sha256', key).update(`${userId}:${nonce}`).digest('base64url');

/** The user's feed secret, created on first use; `reset` replaces it. */
export async function feedSecret(
  db: DbOrTx,
  key: Uint8Array,
  userId: string,
  reset = false,
): Promise<string> {
  if (!reset) {
    const [row] = await db
      .select({ nonce: calendarFeeds.nonce })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .limit(1);
    if (row) return secretOf(key, userId, row.nonce);
  }
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

const providerUser = alias(users, 'provider_user');
const clientUser = alias(users, 'client_user');

const fullName = (first: string, last: string) => (last && last !== '-' ? `${first} ${last}` : first);

/** The feed owner and their upcoming, still-booked appointments, or null for an unknown secret. */
export async function feedBySecret(
  db: DbOrTx,
  secret: string,
): Promise<{ name: string; events: IcsEvent[] } | null> {
  const [owner] = await db
    .select({ userId: calendarFeeds.userId, firstName: users.firstName })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.secretHash, sha256(secret)))
    .limit(1);
  if (!owner) return null;
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      serviceType: appointments.serviceType,
      clientId: appointments.clientId,
      providerFirst: providerUser.firstName,
      providerLast: providerUser.lastName,
      clientFirst: clientUser.firstName,
      clientLast: clientUser.lastName,
      changes: sql<number>`(select count(*) from ${appointmentEvents} where ${appointmentEvents.appointmentId} = ${appointments.id})`,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
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
    events: rows.map((row) => {
      const asClient = row.clientId === owner.userId;
      const other = asClient
        ? `with ${fullName(row.providerFirst, row.providerLast)}`
        : `for ${fullName(row.clientFirst, row.clientLast)}`;
      return {
        appointmentId: row.id,
        sequence: Math.max(0, Number(row.changes) - 1),
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        summary: `${row.serviceType} ${other}`,
        description: 'Slotwise appointment',
        canceled: false,
      };
    }),
  };
}
