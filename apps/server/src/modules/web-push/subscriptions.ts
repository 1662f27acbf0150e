import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import {
  PHONE_MESSAGES,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionInput,
} from '@slotwise/shared/phones-schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { DomainError, NotFoundError } from '../../errors';
import { toIso } from '../../lib/iso';
import { assertUrlAllowed, UrlNotAllowedError } from '../../lib/outbound-url';

/**
 * A person's web push subscriptions (docs/product.md §20.2): one row per endpoint (a browser
 * profile), owned by whoever subscribed it last, at most PUSH_SUBSCRIPTIONS_PER_USER per account.
 */

export interface PushSubscriptionItem {
  id: string;
  endpoint: string;
  created_at: string;
  user_agent: string | null;
}

const ITEM = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
  userAgent: pushSubscriptions.userAgent,
};

const toItem = (row: {
  id: string;
  endpoint: string;
  createdAt: Date;
  userAgent: string | null;
}) => ({
  id: row.id,
  endpoint: row.endpoint,
  created_at: toIso(row.createdAt),
  user_agent: row.userAgent,
});

function urlNotAllowed(): DomainError {
  return new DomainError(400, 'URL_NOT_ALLOWED', CALENDAR_SYNC_MESSAGES.urlNotAllowed, {
    endpoint: CALENDAR_SYNC_MESSAGES.urlNotAllowed,
  });
}

/**
 * An endpoint a push is ever sent to: https on a public address; with ALLOW_PRIVATE_URLS (tests,
 * private deployments) http and private addresses too.
 */
export async function assertEndpointAllowed(endpoint: string, allowPrivate: boolean) {
  if (!allowPrivate && !/^https:\/\//i.test(endpoint)) throw urlNotAllowed();
  try {
    await assertUrlAllowed(endpoint, allowPrivate);
  } catch (error) {
    if (error instanceof UrlNotAllowedError) throw urlNotAllowed();
    throw error;
  }
}

/**
 * Subscribes this browser for the caller: an endpoint already known moves to the caller (with
 * its new keys); beyond the limit the caller's oldest subscriptions go. One transaction.
 */
export async function subscribe(
  db: DbOrTx,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushSubscriptionItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent?.slice(0, 300) ?? null,
          createdAt: sql`now()`,
          failures: 0,
        },
      })
      .returning(ITEM);
    // The newest PUSH_SUBSCRIPTIONS_PER_USER stay (this one is the newest).
    await tx.execute(sql`delete from ${pushSubscriptions}
      where ${pushSubscriptions.userId} = ${userId}
        and ${pushSubscriptions.id} not in (
          select id from ${pushSubscriptions} where user_id = ${userId}
          order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_USER})`);
    return toItem(row!);
  });
}

export async function ownSubscriptions(
  db: DbOrTx,
  userId: string,
): Promise<PushSubscriptionItem[]> {
  const rows = await db
    .select(ITEM)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toItem);
}

/** Another account's endpoint, or an unknown one: 404 (never says which). */
export async function unsubscribe(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw new NotFoundError(PHONE_MESSAGES.subscriptionNotFound);
}
