import { EMAIL_LINK_PATHS } from '@slotwise/shared/email-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { appointments, users } from '../../db/schema';
import { firstOr } from '../../lib/first-row';
import type { JobContext } from '../../jobs/job-queue';
import { createPasswordResetToken } from '../accounts/password-reset';
import { createVerificationToken, dropVerificationToken } from '../accounts/service';
import { verificationEmail } from '../../mail/verification-email';
import {
  changeMail,
  passwordResetMail,
  reminderMail,
  reviewRequestMail,
  type Recipient,
  whatOf,
} from './appointment-mail';
import { translate } from '../../lib/i18n';
import { clientUser, providerUser, withBothUsers } from '../appointments/views';
import { appointmentInvite } from './ics';
import {
  reminderMessage,
  reminderTitle,
  storeReminderNotification,
} from '../notifications/reminder-notification';
import { textIfWanted } from '../sms/sms-queue';
import { reminderText } from '../sms/sms-texts';
import { queuePushes } from '../web-push/push-queue';
import { getPreferences } from './preferences';
import { seriesBookedMessage } from './series-mail';
import type { OptOutLinks } from './unsubscribe';
import {
  APPOINTMENT_MAIL_JOB,
  changeMailPayload,
  PASSWORD_RESET_JOB,
  passwordResetPayload,
  REMINDER_JOB,
  reminderPayload,
  REVIEW_REQUEST_JOB,
  reviewRequestPayload,
  SERIES_MAIL_JOB,
  seriesMailPayload,
  VERIFICATION_JOB,
  verificationPayload,
} from '../../jobs/job-payloads';

interface RecipientWithPreferences extends Recipient {
  emailReminders: boolean;
  emailBookingUpdates: boolean;
}

/** The recipient as they are NOW (address, zone, preferences), or null when gone. */
async function loadRecipient(db: Db, userId: string): Promise<RecipientWithPreferences | null> {
  const [user, preferences] = await Promise.all([
    firstOr(
      db
        .select({
          email: users.email,
          firstName: users.firstName,
          timezone: users.timezone,
          locale: users.locale,
        })
        .from(users)
        .where(eq(users.id, userId)),
      null,
    ),
    getPreferences(db, userId),
  ]);
  return user && { ...user, ...preferences };
}

/** The appointment as it is NOW: a reminder or review request checks it is still due. */
async function loadAppointment(db: Db, id: string) {
  const [row] = await withBothUsers(
    db
      .select({
        status: appointments.status,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        serviceType: appointments.serviceType,
        providerFirstName: providerUser.firstName,
        providerLastName: providerUser.lastName,
        clientFirstName: clientUser.firstName,
        clientLastName: clientUser.lastName,
      })
      .from(appointments)
      .$dynamic(),
  )
    .where(eq(appointments.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The appointment and the recipient of a reminder or a review request, or null when the mail
 * no longer applies: the appointment is gone, no longer booked or moved (its `moment` changed),
 * or the recipient is gone or has turned `preference` off.
 */
async function stillDue(
  db: Db,
  p: { appointmentId: string; recipientUserId: string },
  moment: { startsAt: string } | { endsAt: string },
  preference: 'emailReminders' | 'emailBookingUpdates' | null,
) {
  const appointment = await loadAppointment(db, p.appointmentId);
  if (!appointment || appointment.status !== 'booked') return null;
  const [[key, iso]] = Object.entries(moment) as [['startsAt' | 'endsAt', string]];
  if (appointment[key].toISOString() !== new Date(iso).toISOString()) return null;
  const to = await loadRecipient(db, p.recipientUserId);
  if (!to || (preference && !to[preference])) return null;
  return { appointment, to };
}

const name = (first: string, last: string) => (last && last !== '-' ? `${first} ${last}` : first);
const messageId = (context: JobContext) => `<job-${context.job.id}@slotwise>`;

/** The address part of MAIL_FROM ('Slotwise <no-reply@x>' → 'no-reply@x'). */
function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

const manageUrlPath = (role: 'client' | 'provider') =>
  role === 'client' ? EMAIL_LINK_PATHS.clientAppointments : EMAIL_LINK_PATHS.providerAppointments;

export function registerEmailJobs(app: FastifyInstance, optOutFor: OptOutLinks): void {
  const db = app.database.db;
  const url = (path: string) => `${app.config.publicUrl}${path}`;
  const manageUrl = (role: 'client' | 'provider') => url(manageUrlPath(role));

  app.jobs.register(APPOINTMENT_MAIL_JOB, async (raw, context) => {
    const p = changeMailPayload.parse(raw);
    const to = await loadRecipient(db, p.recipientUserId);
    if (!to || !to.emailBookingUpdates) return;
    const toClient = p.recipientRole === 'client';
    const appointment = {
      serviceType: p.serviceType,
      otherName: toClient ? p.providerName : p.clientName,
      otherRole: toClient ? ('provider' as const) : ('client' as const),
      startsAt: new Date(p.startsAt),
      endsAt: new Date(p.endsAt),
    };
    const previous =
      p.previousStartsAt && p.previousEndsAt
        ? { startsAt: new Date(p.previousStartsAt), endsAt: new Date(p.previousEndsAt) }
        : null;
    const mail = changeMail(to, p.type, appointment, {
      actorIsRecipient: p.actorRole === p.recipientRole,
      previous,
      manageUrl: manageUrl(p.recipientRole),
    });
    const ics = appointmentInvite(
      {
        appointmentId: p.appointmentId,
        sequence: p.sequence,
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
        summary: whatOf(appointment, to.locale),
        description: translate(to.locale, 'Slotwise appointment. Manage it at {{url}}', {
          url: manageUrl(p.recipientRole),
        }),
        canceled: p.type === 'canceled',
      },
      fromAddress(app.config.mailFrom),
    );
    const method = p.type === 'canceled' ? 'CANCEL' : 'REQUEST';
    await app.mailer.send({
      ...mail,
      messageId: messageId(context),
      attachments: [
        {
          filename: p.type === 'canceled' ? 'cancel.ics' : 'invite.ics',
          content: ics,
          contentType: `text/calendar; charset=utf-8; method=${method}`,
        },
      ],
    });
  });

  // A series' one booking mail to its client (series-mail.ts).
  app.jobs.register(SERIES_MAIL_JOB, async (raw, context) => {
    const p = seriesMailPayload.parse(raw);
    const to = await loadRecipient(db, p.recipientUserId);
    if (!to || !to.emailBookingUpdates) return;
    const mail = await seriesBookedMessage(db, p.seriesId, to, {
      manage: manageUrl('client'),
      organizer: fromAddress(app.config.mailFrom),
    });
    if (mail) await app.mailer.send({ ...mail, messageId: messageId(context) });
  });

  app.jobs.register(REMINDER_JOB, async (raw, context) => {
    const p = reminderPayload.parse(raw);
    // Canceled, moved or gone since: this reminder is stale and must not fire.
    const due = await stillDue(db, p, { startsAt: p.startsAt }, null);
    if (!due) return;
    const { appointment, to } = due;
    const toClient = p.recipientRole === 'client';
    const otherName = toClient
      ? name(appointment.providerFirstName, appointment.providerLastName)
      : name(appointment.clientFirstName, appointment.clientLastName);
    const what = whatOf(
      {
        serviceType: appointment.serviceType,
        otherName,
        otherRole: toClient ? 'provider' : 'client',
      },
      to.locale,
    );
    // The in-app reminder (docs/product.md §14.4) is stored whatever the email preference says;
    // its push (§20.2) and text (§20.3) are queued with it when their cells are on — once: a
    // retried reminder finds the notification stored.
    const reminder = {
      userId: p.recipientUserId,
      appointmentId: p.appointmentId,
      hoursBefore: p.hoursBefore,
      what,
      locale: to.locale,
    };
    await db.transaction(async (tx) => {
      if (!(await storeReminderNotification(tx, reminder))) return;
      await queuePushes(tx, 'reminder', [
        {
          userId: p.recipientUserId,
          title: reminderTitle(what, p.hoursBefore, to.locale),
          body: reminderMessage(what, p.hoursBefore, to.locale),
          url: manageUrlPath(p.recipientRole),
          tag: `reminder:${p.appointmentId}:${p.hoursBefore}`,
        },
      ]);
      await textIfWanted(tx, [p.recipientUserId], 'reminder', (recipient) => ({
        body: reminderText(what, appointment.startsAt, recipient.timezone, to.locale),
        notAfter: appointment.startsAt,
        appointmentId: p.appointmentId,
      }));
    });
    if (!to.emailReminders) return;
    const mail = reminderMail(
      to,
      {
        serviceType: appointment.serviceType,
        otherName,
        otherRole: toClient ? 'provider' : 'client',
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
      },
      p.hoursBefore,
      {
        manage: manageUrl(p.recipientRole),
        ...(await optOutFor(p.recipientUserId, 'emailReminders')),
      },
    );
    await app.mailer.send({ ...mail, messageId: messageId(context) });
  });

  app.jobs.register(REVIEW_REQUEST_JOB, async (raw, context) => {
    const p = reviewRequestPayload.parse(raw);
    // Only a booked appointment that ran to its (unchanged) end: not canceled, not a no-show.
    const due = await stillDue(db, p, { endsAt: p.endsAt }, 'emailBookingUpdates');
    if (!due) return;
    const { appointment, to } = due;
    const mail = reviewRequestMail(
      to,
      {
        serviceType: appointment.serviceType,
        otherName: name(appointment.providerFirstName, appointment.providerLastName),
        otherRole: 'provider',
        startsAt: appointment.startsAt,
        endsAt: appointment.endsAt,
      },
      `${manageUrl('client')}?review=${p.appointmentId}`,
      await optOutFor(p.recipientUserId, 'emailBookingUpdates'),
    );
    await app.mailer.send({ ...mail, messageId: messageId(context) });
  });

  app.jobs.register(PASSWORD_RESET_JOB, async (raw, context) => {
    const p = passwordResetPayload.parse(raw);
    const to = await loadRecipient(db, p.userId);
    if (!to) return;
    const token = await createPasswordResetToken(db, p.userId);
    const link = `${url(EMAIL_LINK_PATHS.resetPassword)}?token=${encodeURIComponent(token)}`;
    await app.mailer.send({ ...passwordResetMail(to, link), messageId: messageId(context) });
    if (app.mailer.mode === 'outbox')
      app.log.info({ to: to.email }, `password reset link: ${link}`);
  });

  app.jobs.register(VERIFICATION_JOB, async (raw, context) => {
    const p = verificationPayload.parse(raw);
    const [user] = await db
      .select({
        email: users.email,
        firstName: users.firstName,
        verifiedAt: users.emailVerifiedAt,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, p.userId))
      .limit(1);
    // Gone, or verified since (another link, a password reset): nothing to send.
    if (!user || user.verifiedAt) return;
    const token = await createVerificationToken(db, p.userId);
    const link = `${url(EMAIL_LINK_PATHS.emailVerification)}?token=${encodeURIComponent(token)}`;
    try {
      await app.mailer.send({
        ...verificationEmail(user.email, user.firstName, link, user.locale),
        messageId: messageId(context),
      });
    } catch (error) {
      // Not delivered: take the token back; the retry mints its own.
      await dropVerificationToken(db, token).catch(() => {});
      throw error;
    }
    if (app.mailer.mode === 'outbox')
      app.log.info({ to: user.email }, `verification link: ${link}`);
  });
}
