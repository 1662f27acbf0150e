import { MODERATION_MESSAGES } from '@slotwise/shared/moderation-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { notifications } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { enqueueJobs } from '../../jobs/job-queue';
import {
  PROVIDER_SUSPENDED_MAIL_JOB,
  type ProviderSuspendedMailPayload,
} from '../../jobs/job-payloads';
import { windowInvalidation } from '../../push/provider-window-cache';

/**
 * Suspension (docs/product.md §19.4, docs/decisions/072): `providers.suspended_at` and the
 * note. The listing trigger (0022) unlists the provider, which takes them out of search and
 * every public read; the booking claim refuses their slots (appointments/claimable-slot.ts).
 * Their future appointments are kept: the clients are told (a stored notification and a mail)
 * and may cancel at no fee; the provider is mailed the note and how to appeal. Everything is
 * written in the operator's transaction, mails as jobs.
 */

export const SUSPENDED_TITLE = 'Provider suspended';

/** The stored notification's text for a client of the suspended provider. */
export const suspendedNoticeText = (providerName: string) =>
  `${providerName} is not taking bookings right now. Your appointments with them stay booked; you may cancel them at no fee.`;

interface Changed {
  id: string;
  user_id: string;
  provider_name: string;
}

/** Why the provider did not change: 404 unknown, else 409 already so. */
async function unchangedError(tx: DbOrTx, providerId: string, alreadyMessage: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from providers where id = ${providerId}`,
  );
  if (!row) return new NotFoundError(MODERATION_MESSAGES.providerNotFound);
  return new ConflictError('INVALID_STATE', alreadyMessage);
}

/**
 * Drops every instance's cached windows of the provider (docs/decisions/057): the listing
 * trigger announces a change of `listed`, but a provider who was not listed (and is not after)
 * may still have cached business slots.
 */
async function announceWindowChange(tx: DbOrTx, providerId: string) {
  await queryRows(tx, sql`select pg_notify('slotwise_push', ${windowInvalidation(providerId)})`);
}

/** Suspends the provider with the operator's note; tells their clients and them. */
export async function suspendProvider(tx: DbOrTx, providerId: string, note: string): Promise<void> {
  const [changed] = await queryRows<Changed>(
    tx,
    sql`update providers p set suspended_at = now(), suspension_note = ${note}, updated_at = now()
        from users u
        where p.id = ${providerId} and p.suspended_at is null and u.id = p.user_id
        returning p.id, p.user_id, trim(u.first_name || ' ' || u.last_name) as provider_name`,
  );
  if (!changed) {
    throw await unchangedError(tx, providerId, MODERATION_MESSAGES.providerAlreadySuspended);
  }
  // Their clients with bookings still to come: one notification and one mail each.
  const clients = await queryRows<{ client_id: string }>(
    tx,
    sql`select distinct a.client_id from appointments a
        where a.provider_id = ${providerId} and a.status = 'booked' and a.starts_at > now()`,
  );
  if (clients.length > 0) {
    await tx.insert(notifications).values(
      clients.map((c) => ({
        userId: c.client_id,
        type: 'provider_suspended' as const,
        title: SUSPENDED_TITLE,
        message: suspendedNoticeText(changed.provider_name),
        appointmentId: null,
      })),
    );
  }
  const mail = (recipientUserId: string, recipientRole: 'client' | 'provider') => {
    const payload: ProviderSuspendedMailPayload = { providerId, recipientUserId, recipientRole };
    return { kind: PROVIDER_SUSPENDED_MAIL_JOB, payload: { ...payload } };
  };
  await enqueueJobs(tx, [
    mail(changed.user_id, 'provider'),
    ...clients.map((c) => mail(c.client_id, 'client')),
  ]);
  await announceWindowChange(tx, providerId);
}

/** Lists the provider again as before (the trigger), their reviews and rating unchanged. */
export async function reinstateProvider(tx: DbOrTx, providerId: string): Promise<void> {
  const [changed] = await queryRows<{ id: string }>(
    tx,
    sql`update providers set suspended_at = null, suspension_note = null, updated_at = now()
        where id = ${providerId} and suspended_at is not null
        returning id`,
  );
  if (!changed) {
    throw await unchangedError(tx, providerId, MODERATION_MESSAGES.providerNotSuspended);
  }
  await announceWindowChange(tx, providerId);
}
