import { usersWanting } from '../notifications/channel-preferences';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { conversations, messages, notificationPreferences, users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { type OptOut, optOutParts } from './appointment-mail';
import type { OptOutLinks } from './unsubscribe';
import { escapeHtml } from './format';
import {
  MESSAGE_DIGEST_DELAY_MINUTES,
  MESSAGE_DIGEST_JOB,
  type MessageDigestPayload,
  messageDigestPayload,
} from '../../jobs/job-payloads';

/**
 * The unread-message digest (docs/decisions/043-messages.md): ONE mail per conversation and
 * recipient when messages stay unread for 15 minutes, not one per message. The job is enqueued
 * by the send statement; when it runs it looks at the conversation as it is NOW.
 */

export interface DigestState {
  email: string;
  recipientFirstName: string;
  senderFirstName: string;
  wantsMail: boolean;
  /** Unread messages from the other party since the one that enqueued the job. */
  unread: number;
  /** …of which this many are older than the delay. */
  due: number;
  latestBody: string | null;
}

/** Who gets it and what is still unread; null when the conversation or recipient is gone. */
export async function digestState(
  db: Db,
  p: MessageDigestPayload,
  now: Date,
): Promise<DigestState | null> {
  const cutoff = new Date(now.getTime() - MESSAGE_DIGEST_DELAY_MINUTES * 60_000);
  const [row] = await queryRows<{
    email: string;
    recipient_first_name: string;
    sender_first_name: string;
    wants_mail: boolean | null;
    unread: number | string;
    due: number | string;
    latest_body: string | null;
  }>(
    db,
    sql`
    with unread as (
      select m.id, m.body, m.created_at from ${messages} m
      where m.conversation_id = ${p.conversationId}::uuid and m.read_at is null
        and m.sender_id <> ${p.recipientUserId}::uuid
        and m.created_at >= (select created_at from ${messages} where id = ${p.fromMessageId}::uuid)
    )
    select r.email, r.first_name as recipient_first_name, s.first_name as sender_first_name,
           np.email_booking_updates as wants_mail,
           (select count(*) from unread) as unread,
           (select count(*) from unread where created_at <= ${cutoff.toISOString()}::timestamptz) as due,
           (select body from unread order by created_at desc, id desc limit 1) as latest_body
    from ${conversations} c
    join ${users} r on r.id = ${p.recipientUserId}::uuid
    join ${users} s on s.id = case when c.client_id = r.id then c.provider_user_id else c.client_id end
    left join ${notificationPreferences} np on np.user_id = r.id
    where c.id = ${p.conversationId}::uuid and r.id in (c.client_id, c.provider_user_id)`,
  );
  if (!row) return null;
  return {
    email: row.email,
    recipientFirstName: row.recipient_first_name,
    senderFirstName: row.sender_first_name,
    wantsMail: row.wants_mail ?? true,
    unread: Number(row.unread),
    due: Number(row.due),
    latestBody: row.latest_body,
  };
}

const EXCERPT_LENGTH = 200;

/** The message as one plain-text line, shortened on a character (not UTF-16 unit) boundary. */
export function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('')}…` : flat;
}

export function digestMail(state: DigestState, link: string, urls: OptOut): MailMessage {
  const sender = state.senderFirstName.trim() || 'Someone';
  const count = state.unread === 1 ? 'a new message' : `${state.unread} new messages`;
  const title = `${sender} sent you ${count}`;
  const greeting = `Hi ${state.recipientFirstName.trim() || 'there'},`;
  const lead = `${sender} sent you ${count} on Slotwise that you haven't read yet.`;
  const latest = excerpt(state.latestBody ?? '');
  const label = state.unread === 1 ? 'The message:' : 'The latest one:';
  const optOut = optOutParts('message notifications and booking updates', urls);
  return {
    to: state.email,
    subject: title,
    headers: optOut.headers,
    text: [
      greeting,
      '',
      lead,
      '',
      label,
      latest,
      '',
      `Read and reply: ${link}`,
      '',
      optOut.text,
    ].join('\n'),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(label)}</p>
<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #d1d5db">${escapeHtml(latest)}</blockquote>
<p><a href="${escapeHtml(link)}" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Read and reply</a></p>
<footer><p style="font-size:13px;color:#4b5563">${optOut.html}</p></footer>
</body></html>`,
  };
}

export function registerMessageDigestJob(app: FastifyInstance, optOutFor: OptOutLinks): void {
  const db = app.database.db;
  app.jobs.register(MESSAGE_DIGEST_JOB, async (raw, context) => {
    const p = messageDigestPayload.parse(raw);
    const state = await digestState(db, p, context.now);
    // Gone, everything read since, or mail about updates switched off: nothing to send.
    if (!state || !state.wantsMail || state.due === 0) return;
    // The cell message × email too (docs/product.md §20.4).
    const wanting = await usersWanting(db, [p.recipientUserId], 'message', 'email');
    if (!wanting.has(p.recipientUserId)) return;
    const link = `${app.config.publicUrl}/messages/${p.conversationId}`;
    const urls = await optOutFor(p.recipientUserId, 'emailBookingUpdates');
    await app.mailer.send({
      ...digestMail(state, link, urls),
      messageId: `<job-${context.job.id}@slotwise>`,
    });
  });
}
