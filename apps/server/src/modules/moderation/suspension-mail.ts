import { EMAIL_LINK_PATHS } from '@slotwise/shared/email-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client';
import { PROVIDER_SUSPENDED_MAIL_JOB, providerSuspendedMailPayload } from '../../jobs/job-payloads';
import type { JobContext } from '../../jobs/job-queue';
import type { MailMessage } from '../../mail/mailer';
import { mailPage, type Recipient, whenText } from '../email/appointment-mail';
import { escapeHtml } from '../email/format';

/**
 * The mails of a suspension (docs/product.md §19.4): each client with bookings still to come
 * learns the provider is suspended and that they may cancel at no fee; the provider gets the
 * operator's note as the reason and how to appeal (a reply to the mail). Read when the job runs:
 * a provider reinstated meanwhile is not mailed about it, a client with nothing left to come
 * neither.
 */

const greeting = (r: Recipient) => `Hi ${r.firstName.trim() || 'there'},`;

export const PROVIDER_SUSPENDED_SUBJECT = 'Your Slotwise listing is suspended';
export const clientSuspendedSubject = (providerName: string) =>
  `${providerName} is not taking bookings right now`;

export function providerSuspendedMail(to: Recipient, note: string): MailMessage {
  const lead =
    'An operator of Slotwise has suspended your listing. Clients cannot find or book you while it lasts.';
  const keep =
    'Your appointments still to come are kept: you can sign in, see them and cancel them as usual.';
  const appeal = 'To appeal, reply to this mail and tell us why the suspension should be lifted.';
  return {
    to: to.email,
    subject: PROVIDER_SUSPENDED_SUBJECT,
    text: [greeting(to), '', lead, '', 'The reason given:', note, '', keep, '', appeal].join('\n'),
    html: mailPage(PROVIDER_SUSPENDED_SUBJECT, [
      escapeHtml(greeting(to)),
      escapeHtml(lead),
      `The reason given:<br>${escapeHtml(note).replace(/\n/g, '<br>')}`,
      escapeHtml(keep),
      escapeHtml(appeal),
    ]),
  };
}

export function clientSuspendedMail(
  to: Recipient,
  providerName: string,
  upcoming: { serviceType: string; startsAt: Date; endsAt: Date }[],
  manageUrl: string,
): MailMessage {
  const title = clientSuspendedSubject(providerName);
  const lead = `${providerName} has been suspended on Slotwise and is not taking bookings right now. Your appointments with them are not cancelled:`;
  const items = upcoming.map((a) => `${a.serviceType}, ${whenText(a, to.timezone)}`);
  const closing =
    'You may cancel any of them at no fee, whatever the cancellation deadline, from your appointments.';
  return {
    to: to.email,
    subject: title,
    text: [
      greeting(to),
      '',
      lead,
      ...items.map((item) => `- ${item}`),
      '',
      closing,
      '',
      `Your appointments: ${manageUrl}`,
    ].join('\n'),
    html: mailPage(
      title,
      [
        escapeHtml(greeting(to)),
        escapeHtml(lead),
        { items: items.map(escapeHtml) },
        escapeHtml(closing),
      ],
      { label: 'Your appointments', href: manageUrl },
    ),
  };
}

export function registerSuspensionMailJob(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.register(PROVIDER_SUSPENDED_MAIL_JOB, async (raw, context: JobContext) => {
    const p = providerSuspendedMailPayload.parse(raw);
    const [provider] = await queryRows<{ name: string; note: string | null }>(
      db,
      sql`select trim(u.first_name || ' ' || u.last_name) as name, p.suspension_note as note
          from providers p join users u on u.id = p.user_id
          where p.id = ${p.providerId} and p.suspended_at is not null`,
    );
    // Reinstated meanwhile: nothing to tell.
    if (!provider) return;
    const [recipient] = await queryRows<Recipient>(
      db,
      sql`select email, first_name as "firstName", timezone from users
          where id = ${p.recipientUserId} and deleted_at is null`,
    );
    if (!recipient) return;
    const messageId = `<job-${context.job.id}@slotwise>`;
    if (p.recipientRole === 'provider') {
      await app.mailer.send({
        ...providerSuspendedMail(recipient, provider.note ?? ''),
        messageId,
      });
      return;
    }
    const upcoming = await queryRows<{ serviceType: string; startsAt: Date; endsAt: Date }>(
      db,
      sql`select service_type as "serviceType", starts_at as "startsAt", ends_at as "endsAt"
          from appointments
          where provider_id = ${p.providerId} and client_id = ${p.recipientUserId}
            and status = 'booked' and starts_at > now()
          order by starts_at`,
    );
    if (upcoming.length === 0) return;
    const manageUrl = `${app.config.publicUrl}${EMAIL_LINK_PATHS.clientAppointments}`;
    const when = upcoming.map((a) => ({
      ...a,
      startsAt: new Date(a.startsAt),
      endsAt: new Date(a.endsAt),
    }));
    await app.mailer.send({
      ...clientSuspendedMail(recipient, provider.name, when, manageUrl),
      messageId,
    });
  });
}
