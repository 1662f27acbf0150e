import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  appointments,
  phoneConfirmations,
  smsMessages,
  smsOptOuts,
  users,
  waitlistOffers,
} from '../../db/schema';
import { enqueueJobs, type JobContext } from '../../jobs/job-queue';
import { smsSendTime } from './quiet-hours';
import type { SmsGateway } from './sms-gateway';
import { SMS_SEND_JOB, type SmsSendPayload, smsSendPayload } from './sms-queue';

/**
 * The send job (docs/product.md §20.3, docs/decisions/073-phones.md). Everything is decided when
 * it runs, on the worker's clock: STOP, the number still confirmed (a code: still the number being
 * confirmed), the waitlist hold, quiet hours in the recipient's zone (deferred to 08:00 there,
 * the code excepted), and the daily cap — SMS_DAILY_CAP texts sent to the number in the last 24
 * hours (a rolling window: no zone decides where a number's day starts). What became of the text
 * is its row's status and reason.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type Outcome = 'sent' | 'deferred' | 'suppressed' | 'failed';

export interface SmsJobSettings {
  gateway: SmsGateway;
  dailyCap: number;
}

export function registerSmsJobs(app: FastifyInstance, settings: SmsJobSettings): void {
  const db = app.database.db;
  app.jobs.register(SMS_SEND_JOB, async (raw, context) => {
    const outcome = await sendQueuedSms(db, settings, smsSendPayload.parse(raw), context);
    if (outcome === 'suppressed') app.log.info({ jobId: context.job.id }, 'sms: suppressed');
  });
}

async function why(db: Db, message: SmsRow, payload: SmsSendPayload, now: Date) {
  const [optedOut] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, message.phone));
  if (optedOut) return 'opted_out';
  if (!message.userId) return 'account_gone';
  if (message.kind === 'code') {
    const [pending] = await db
      .select({ phone: phoneConfirmations.phone })
      .from(phoneConfirmations)
      .where(eq(phoneConfirmations.userId, message.userId));
    if (pending?.phone !== message.phone) return 'number_changed';
  } else if (message.userPhone !== message.phone || !message.confirmed) {
    return 'number_not_confirmed';
  }
  if (payload.notAfter && now.getTime() > Date.parse(payload.notAfter)) return 'too_late';
  if (payload.offerId) {
    const [offer] = await db
      .select({ status: waitlistOffers.status })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, payload.offerId));
    if (offer?.status !== 'offered') return 'offer_ended';
  }
  if (payload.appointmentId) {
    const [appointment] = await db
      .select({ status: appointments.status, startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, payload.appointmentId));
    const moved = payload.notAfter && appointment?.startsAt.toISOString() !== payload.notAfter;
    if (appointment?.status !== 'booked' || moved) return 'appointment_changed';
  }
  return null;
}

interface SmsRow {
  id: string;
  userId: string | null;
  phone: string;
  kind: string;
  body: string;
  status: string;
  userPhone: string | null;
  confirmed: boolean;
  timezone: string | null;
}

async function loadMessage(db: Db, id: string): Promise<SmsRow | null> {
  const [row] = await db
    .select({
      id: smsMessages.id,
      userId: smsMessages.userId,
      phone: smsMessages.phone,
      kind: smsMessages.kind,
      body: smsMessages.body,
      status: smsMessages.status,
      userPhone: users.phone,
      confirmedAt: users.phoneConfirmedAt,
      timezone: users.timezone,
    })
    .from(smsMessages)
    .leftJoin(users, eq(users.id, smsMessages.userId))
    .where(eq(smsMessages.id, id));
  if (!row) return null;
  const { confirmedAt, ...rest } = row;
  return { ...rest, confirmed: confirmedAt !== null };
}

async function sentInLastDay(db: Db, phone: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.phone, phone),
        eq(smsMessages.status, 'sent'),
        gt(smsMessages.sentAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Runs one text to its next state. Exported for the tests' sake of reading outcomes. */
export async function sendQueuedSms(
  db: Db,
  settings: SmsJobSettings,
  payload: SmsSendPayload,
  context: JobContext,
): Promise<Outcome | null> {
  const now = context.now;
  const message = await loadMessage(db, payload.messageId);
  // Gone, or already done with (a job run twice after a lost lease).
  if (!message || (message.status !== 'queued' && message.status !== 'deferred')) return null;
  const mark = (status: Outcome, fields: Partial<typeof smsMessages.$inferInsert> = {}) =>
    db
      .update(smsMessages)
      .set({ status, ...fields })
      .where(eq(smsMessages.id, message.id));

  const reason = await why(db, message, payload, now);
  if (reason) {
    await mark('suppressed', { reason });
    return 'suppressed';
  }
  if (message.kind !== 'code') {
    const sendAt = smsSendTime(now, message.timezone ?? 'UTC');
    if (sendAt.getTime() > now.getTime()) {
      if (payload.notAfter && sendAt.getTime() > Date.parse(payload.notAfter)) {
        await mark('suppressed', { reason: 'too_late_after_quiet_hours' });
        return 'suppressed';
      }
      await db.transaction(async (tx) => {
        await tx
          .update(smsMessages)
          .set({ status: 'deferred', reason: 'quiet_hours', sendAfter: sendAt })
          .where(eq(smsMessages.id, message.id));
        await enqueueJobs(tx, [
          { kind: SMS_SEND_JOB, key: `sms:${message.id}`, payload, runAt: sendAt },
        ]);
      });
      return 'deferred';
    }
  }
  if ((await sentInLastDay(db, message.phone, now)) >= settings.dailyCap) {
    await mark('suppressed', { reason: 'daily_cap' });
    return 'suppressed';
  }
  try {
    const ref = await settings.gateway.send({ to: message.phone, body: message.body });
    await mark('sent', { sentAt: now, gatewayRef: ref.slice(0, 200), reason: null });
    return 'sent';
  } catch (error) {
    // The job retries with backoff; its last attempt leaves the row failed.
    if (context.job.attempts >= context.job.maxAttempts) {
      const text = error instanceof Error ? error.message : String(error);
      await mark('failed', { reason: text.slice(0, 200) });
    }
    throw error;
  }
}
