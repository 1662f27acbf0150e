import type { NotifyEvent } from '@slotwise/shared/phones-schemas';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { enqueueJobs } from '../../jobs/job-queue';
import { BatchedCalls } from '../../lib/batched-calls';
import { usersWanting } from '../notifications/channel-preferences';

/**
 * Web push as durable jobs (docs/product.md §20.2, docs/decisions/073-phones.md): one
 * `push.notify` job per recipient and event, queued in the transaction that tells the event
 * (so a rolled-back change pushes nothing), only for recipients whose matrix cell
 * event × push is on and who have a subscribed device. push-jobs.ts runs them.
 */

export const PUSH_JOB = 'push.notify';
export const PUSH_TTL_SECONDS = 86_400;

export const pushPayloadSchema = z.object({
  userId: z.uuid(),
  /** When the event was told: a retry skips the devices reached since. */
  queuedAt: z.iso.datetime(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export interface PushMessage {
  userId: string;
  title: string;
  body: string;
  /** A path of the web app (the click opens it). */
  url: string;
  /** The same tag replaces an earlier notification on the device. */
  tag: string;
}

/**
 * Per database handle: "has this user a subscribed device?" asked for every change made at about
 * the same time in one statement (lib/batched-calls.ts). A booking rush asks it once per booking
 * won, outside any transaction (docs/decisions/079-booking-rush.md); batched, a rush costs a few
 * statements instead of one per booking. Within a transaction the batch is that transaction's.
 */
const deviceCheckers = new WeakMap<DbOrTx, BatchedCalls<string, boolean>>();

function deviceCheckerOf(db: DbOrTx): BatchedCalls<string, boolean> {
  let checker = deviceCheckers.get(db);
  if (!checker) {
    checker = new BatchedCalls(async (userIds) => {
      const rows = await db
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`);
      const withDevices = new Set(rows.map((row) => row.userId));
      return userIds.map((userId) => withDevices.has(userId));
    });
    deviceCheckers.set(db, checker);
  }
  return checker;
}

/** Of these users, those with at least one subscribed device. */
async function usersWithDevices(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>> {
  const checker = deviceCheckerOf(db);
  const answers = await Promise.all(userIds.map((userId) => checker.call(userId)));
  return new Set(userIds.filter((_, i) => answers[i]));
}

/**
 * Queues the pushes of one event in the caller's transaction: to each recipient with a device
 * and the cell event × push on. Returns the jobs' ids (to run them at once after commit).
 */
export async function queuePushes(
  tx: DbOrTx,
  event: NotifyEvent,
  messages: readonly PushMessage[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  const withDevices = await usersWithDevices(
    tx,
    messages.map((m) => m.userId),
  );
  if (withDevices.size === 0) return [];
  const wanting = await usersWanting(tx, [...withDevices], event, 'push');
  const queuedAt = new Date().toISOString();
  return enqueueJobs(
    tx,
    messages
      .filter((m) => wanting.has(m.userId))
      .map((m) => ({
        kind: PUSH_JOB,
        payload: { ...m, queuedAt } satisfies PushPayload,
      })),
  );
}
