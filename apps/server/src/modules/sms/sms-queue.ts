import type { NotifyEvent } from '@slotwise/shared/phones-schemas';
import { SMS_TEXTS } from '@slotwise/shared/phones-schemas';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { smsMessages, users } from '../../db/schema';
import { enqueueJobs } from '../../jobs/job-queue';
import { usersWanting } from '../notifications/channel-preferences';

/**
 * Texts are durable jobs over `sms_messages` rows (docs/product.md §20.3, docs/decisions/073-phones.md):
 * the row says what was asked for and what became of it, the job sends it (sms-jobs.ts). Queued
 * in the caller's transaction, so a rolled-back change texts nothing.
 */

export const SMS_SEND_JOB = 'sms.send';

export const SMS_KINDS = ['code', 'reminder', 'waitlist'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

export const smsSendPayload = z.object({
  messageId: z.uuid(),
  /** A text that would go after this instant is not sent (a waitlist offer's hold). */
  notAfter: z.iso.datetime().optional(),
  /** The waitlist offer it tells of: not sent once the offer is no longer open. */
  offerId: z.uuid().optional(),
  /** The appointment it reminds of: not sent once it is no longer booked. */
  appointmentId: z.uuid().optional(),
});
export type SmsSendPayload = z.infer<typeof smsSendPayload>;

interface SmsRequest {
  userId: string;
  phone: string;
  kind: SmsKind;
  /** Without the footer: every text ends with SMS_TEXTS.stopFooter. */
  body: string;
  notAfter?: Date;
  offerId?: string;
  appointmentId?: string;
}

/** The body as sent: the text, then 'Reply STOP to stop texts.'. */
export const withFooter = (body: string) => `${body} ${SMS_TEXTS.stopFooter}`;

/** One row and its job (the job decides quiet hours, the cap and STOP when it runs). */
export async function queueSms(db: DbOrTx, request: SmsRequest): Promise<string> {
  const [row] = await db
    .insert(smsMessages)
    .values({
      userId: request.userId,
      phone: request.phone,
      kind: request.kind,
      body: withFooter(request.body),
    })
    .returning({ id: smsMessages.id });
  const payload: SmsSendPayload = { messageId: row!.id };
  if (request.notAfter) payload.notAfter = request.notAfter.toISOString();
  if (request.offerId) payload.offerId = request.offerId;
  if (request.appointmentId) payload.appointmentId = request.appointmentId;
  await enqueueJobs(db, [{ kind: SMS_SEND_JOB, key: `sms:${row!.id}`, payload }]);
  return row!.id;
}

export interface TextRecipient {
  userId: string;
  phone: string;
  timezone: string;
}

/**
 * Of these users, those to text about `event`: its SMS cell is on and their number is
 * confirmed. One query for the matrix, one for the numbers.
 */
export async function textRecipients(
  db: DbOrTx,
  userIds: readonly string[],
  event: NotifyEvent,
): Promise<TextRecipient[]> {
  const wanting = await usersWanting(db, userIds, event, 'sms');
  if (wanting.size === 0) return [];
  const rows = await db
    .select({ userId: users.id, phone: users.phone, timezone: users.timezone })
    .from(users)
    .where(
      and(
        inArray(users.id, [...wanting]),
        isNotNull(users.phone),
        isNotNull(users.phoneConfirmedAt),
      ),
    );
  return rows.flatMap((row) => (row.phone ? [{ ...row, phone: row.phone }] : []));
}

/**
 * Texts `event` to each of these users who wants it by SMS, the body written in their own zone.
 * Returns the rows queued.
 */
export async function textIfWanted(
  db: DbOrTx,
  userIds: readonly string[],
  event: Exclude<NotifyEvent, 'booking' | 'change' | 'message'>,
  compose: (
    recipient: TextRecipient,
  ) => Pick<SmsRequest, 'body' | 'notAfter' | 'offerId' | 'appointmentId'>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const recipient of await textRecipients(db, userIds, event)) {
    const text = compose(recipient);
    ids.push(
      await queueSms(db, {
        userId: recipient.userId,
        phone: recipient.phone,
        kind: event,
        ...text,
      }),
    );
  }
  return ids;
}
