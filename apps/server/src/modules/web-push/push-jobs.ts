import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { outboundPost } from '../../lib/outbound-fetch';
import { PUSH_JOB, PUSH_TTL_SECONDS, pushPayloadSchema } from './push-queue';
import type { VapidKeys } from './vapid';

/**
 * The push job (docs/product.md §20.2, docs/decisions/073-phones.md): sends to every
 * subscription of the recipient, encrypted (aes128gcm), VAPID-signed, TTL one day, through the
 * product's outbound fetch. 404/410 deletes the subscription; any other failure retries the job,
 * which then sends only to the devices not reached since it was queued.
 */

export interface PushSender {
  keys: VapidKeys;
  allowPrivateUrls: boolean;
}

/** 'sent', 'gone' (404/410: the subscription was deleted) or 'failed' (retry). */
async function sendOne(
  db: DbOrTx,
  sender: PushSender,
  subscription: { id: string; endpoint: string; p256dh: string; auth: string },
  body: string,
): Promise<'sent' | 'gone' | 'failed'> {
  const details = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    body,
    {
      vapidDetails: sender.keys,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  let status: number;
  try {
    ({ status } = await outboundPost(
      details.endpoint,
      { headers, body: details.body ? new Uint8Array(details.body) : null },
      { allowPrivate: sender.allowPrivateUrls, timeoutMs: 10_000 },
    ));
  } catch {
    status = 0;
  }
  if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return 'gone';
  }
  if (status >= 200 && status < 300) {
    await db
      .update(pushSubscriptions)
      .set({ lastPushAt: sql`now()`, failures: 0 })
      .where(eq(pushSubscriptions.id, subscription.id));
    return 'sent';
  }
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, subscription.id));
  return 'failed';
}

/**
 * Sends one push job's payload to the recipient's devices; throws when one must be retried. A
 * retry (`attempt` > 1) skips the devices reached since the event was queued.
 */
export async function deliverPush(
  db: DbOrTx,
  sender: PushSender,
  raw: unknown,
  attempt = 1,
): Promise<void> {
  const p = pushPayloadSchema.parse(raw);
  const notReachedSince =
    attempt > 1
      ? or(
          isNull(pushSubscriptions.lastPushAt),
          lt(pushSubscriptions.lastPushAt, new Date(p.queuedAt)),
        )
      : undefined;
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, p.userId), notReachedSince));
  const body = JSON.stringify({ title: p.title, body: p.body, url: p.url, tag: p.tag });
  const outcomes = await Promise.all(devices.map((device) => sendOne(db, sender, device, body)));
  const failed = outcomes.filter((outcome) => outcome === 'failed').length;
  if (failed > 0) throw new Error(`push: ${failed} of ${devices.length} devices not reached`);
}

export function registerPushJob(app: FastifyInstance, sender: PushSender): void {
  app.jobs.register(PUSH_JOB, (raw, context) =>
    deliverPush(app.database.db, sender, raw, context.job.attempts),
  );
}
