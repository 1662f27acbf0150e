import {
  type JoinWaitlistInput,
  MAX_WAITING_ENTRIES,
  MAX_WAITLIST_DAYS_AHEAD,
  type ProviderWaitlist,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
} from '@slotwise/shared/waitlist-schemas';
import { normalizeTime } from '@slotwise/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { providers, services, users, waitlistEntries, waitlistWindows } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { inTransaction } from '../appointments/transaction';
import { providerSuspendedError } from '../appointments/claimable-slot';
import { withdrawOpenOffer, type OffersMade } from './offers';
import type { WaitlistSettings } from './settings';

/**
 * Waitlist entries (docs/product.md §17, docs/decisions/069-waitlist.md): a client joins with up
 * to five windows in the provider's zone, lists and removes their own; the provider sees who
 * waits, in the order offers go.
 */

/** An instant as the API writes it (UTC, milliseconds). */
const iso = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The entry's status as the API answers it: open offer → offered, past its windows → ended. */
const entryStatus = sql<WaitlistEntry['status']>`case
  when ${waitlistEntries.status} <> 'waiting' then ${waitlistEntries.status}
  when exists (select 1 from waitlist_offers o where o.entry_id = ${waitlistEntries.id}
               and o.status = 'offered' and o.expires_at > now()) then 'offered'
  when ${waitlistEntries.endsAt} <= now() then 'ended'
  else 'waiting' end`;

interface WindowRow {
  starts_at: string;
  ends_at: string;
  past: boolean;
  too_far: boolean;
}

/**
 * Each window as instants, fixed from the provider's zone by PostgreSQL (a DST day has 23 or 25
 * hours), with whether it is over and whether it lies beyond the horizon.
 */
export async function windowInstants(
  db: DbOrTx,
  timezone: string,
  windows: readonly { date: string; from: string; to: string }[],
): Promise<WindowRow[]> {
  const asked = JSON.stringify(
    windows.map((w, n) => ({ day: w.date, from_time: w.from, to_time: w.to, n })),
  );
  return queryRows<WindowRow>(
    db,
    sql`select ${iso(sql`w.starts_at`)} as starts_at, ${iso(sql`w.ends_at`)} as ends_at,
          w.ends_at <= now() as past,
          w.day > (now() at time zone ${timezone})::date + ${MAX_WAITLIST_DAYS_AHEAD}::int
            as too_far
        from (select x.day, x.n,
                (x.day + x.from_time::time) at time zone ${timezone} as starts_at,
                case when x.to_time = '24:00' then (x.day + 1)::timestamp at time zone ${timezone}
                     else (x.day + x.to_time::time) at time zone ${timezone} end as ends_at
              from json_to_recordset(${asked}::json)
                as x(day date, from_time text, to_time text, n int)) w
        order by w.n`,
  );
}

/** POST /waitlist: the client waits for the provider (and service) inside the windows. */
export async function joinWaitlist(
  db: DbOrTx,
  clientUserId: string,
  input: JoinWaitlistInput,
): Promise<WaitlistEntry> {
  const [provider] = await db
    .select({
      id: providers.id,
      userId: providers.userId,
      timezone: users.timezone,
      suspendedAt: providers.suspendedAt,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, input.providerId));
  if (!provider) throw new NotFoundError(WAITLIST_MESSAGES.providerNotFound);
  // Nobody waits for a suspended provider (docs/product.md §19.4).
  if (provider.suspendedAt) throw providerSuspendedError();
  if (provider.userId === clientUserId) {
    throw new ConflictError('INVALID_STATE', WAITLIST_MESSAGES.ownWaitlist);
  }
  if (input.serviceId) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, input.serviceId), eq(services.providerId, provider.id)));
    if (!service) throw ValidationError.field('serviceId', WAITLIST_MESSAGES.serviceNotOffered);
  }
  const windows = input.windows.map((w) => ({
    date: w.date,
    from: w.from ? normalizeTime(w.from).slice(0, 5) : '00:00',
    to: w.to ? normalizeTime(w.to).slice(0, 5) : '24:00',
  }));
  const instants = await windowInstants(db, provider.timezone, windows);
  instants.forEach((row, n) => {
    if (row.past) throw ValidationError.field(`windows.${n}.date`, WAITLIST_MESSAGES.windowPast);
    if (row.too_far) {
      throw ValidationError.field(`windows.${n}.date`, WAITLIST_MESSAGES.windowTooFar);
    }
  });
  const endsAt = new Date(Math.max(...instants.map((row) => Date.parse(row.ends_at))));
  const id = await inTransaction(db, async (tx) => {
    // One client's joins in turn, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('waitlist:' || ${clientUserId}))`);
    const [waiting] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${waitlistEntries}
          where client_id = ${clientUserId} and status = 'waiting' and ends_at > now()`,
    );
    if ((waiting?.n ?? 0) >= MAX_WAITING_ENTRIES) {
      throw new ConflictError('INVALID_STATE', WAITLIST_MESSAGES.tooManyEntries);
    }
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        clientId: clientUserId,
        providerId: provider.id,
        serviceId: input.serviceId ?? null,
        windows,
        endsAt,
      })
      .returning({ id: waitlistEntries.id });
    await tx.insert(waitlistWindows).values(
      instants.map((row) => ({
        entryId: entry!.id,
        providerId: provider.id,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
      })),
    );
    return entry!.id;
  });
  const [entry] = await ownEntries(db, clientUserId, id);
  return entry!;
}

/** The client's entries (not removed), newest first; or the one with `id`. */
export async function ownEntries(
  db: DbOrTx,
  clientUserId: string,
  id: string | null = null,
): Promise<WaitlistEntry[]> {
  const providerUser = sql`provider_user`;
  return db
    .select({
      id: waitlistEntries.id,
      provider_id: waitlistEntries.providerId,
      provider_first_name: sql<string>`${providerUser}.first_name`,
      provider_last_name: sql<string>`${providerUser}.last_name`,
      service_id: waitlistEntries.serviceId,
      service_name: services.name,
      timezone: sql<string>`${providerUser}.timezone`,
      windows: waitlistEntries.windows,
      status: entryStatus,
      created_at: iso(waitlistEntries.createdAt),
      ends_at: iso(waitlistEntries.endsAt),
    })
    .from(waitlistEntries)
    .innerJoin(providers, eq(providers.id, waitlistEntries.providerId))
    .innerJoin(sql`${users} provider_user`, sql`provider_user.id = ${providers.userId}`)
    .leftJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(
      and(
        eq(waitlistEntries.clientId, clientUserId),
        sql`${waitlistEntries.status} <> 'removed'`,
        id ? eq(waitlistEntries.id, id) : undefined,
      ),
    )
    .orderBy(sql`${waitlistEntries.createdAt} desc`, sql`${waitlistEntries.id} desc`)
    .limit(100);
}

/**
 * DELETE /waitlist/:id: the client leaves; an offer open for this entry is withdrawn and passes
 * to the next entry. Another client's entry is "not found".
 */
export async function removeEntry(
  db: DbOrTx,
  settings: WaitlistSettings,
  clientUserId: string,
  entryId: string,
): Promise<OffersMade> {
  return inTransaction(db, async (tx) => {
    const withdrawn = await withdrawOpenOffer(tx, settings, { entryId, clientUserId });
    const [removed] = await tx
      .update(waitlistEntries)
      .set({ status: 'removed', updatedAt: sql`now()` })
      .where(
        and(
          eq(waitlistEntries.id, entryId),
          eq(waitlistEntries.clientId, clientUserId),
          sql`${waitlistEntries.status} <> 'removed'`,
        ),
      )
      .returning({ id: waitlistEntries.id });
    if (!removed) throw new NotFoundError(WAITLIST_MESSAGES.entryNotFound);
    return withdrawn;
  });
}

/** GET /provider/waitlist: who waits (oldest first, the order offers go in) and the refills. */
export async function providerWaitlist(db: DbOrTx, providerId: string): Promise<ProviderWaitlist> {
  const clientUser = sql`client_user`;
  const rows = await db
    .select({
      id: waitlistEntries.id,
      client_first_name: sql<string>`${clientUser}.first_name`,
      client_last_name: sql<string>`${clientUser}.last_name`,
      service_name: services.name,
      windows: waitlistEntries.windows,
      status: entryStatus,
      created_at: iso(waitlistEntries.createdAt),
    })
    .from(waitlistEntries)
    .innerJoin(sql`${users} client_user`, sql`client_user.id = ${waitlistEntries.clientId}`)
    .leftJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(
      and(
        eq(waitlistEntries.providerId, providerId),
        sql`${waitlistEntries.status} = 'waiting'`,
        sql`${waitlistEntries.endsAt} > now()`,
      ),
    )
    .orderBy(waitlistEntries.createdAt, waitlistEntries.id)
    .limit(500);
  const [refilled] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from waitlist_offers
        where provider_id = ${providerId} and status = 'accepted'
          and updated_at > now() - interval '30 days'`,
  );
  return {
    entries: rows.map((row, n) => ({ ...row, position: n + 1 })),
    refilled_last_30_days: refilled?.n ?? 0,
  };
}
