import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentEvents, appointments } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { providerUser, withBothUsers } from '../appointments/views';
import { type Recipient, seriesBookedMail } from './appointment-mail';
import { seriesInvite } from './ics';

/**
 * A series' one booking mail to its client (docs/decisions/067-seats-and-series.md): its
 * occurrences as they are when the job runs (booked ones only), and one calendar file holding
 * them all. Each occurrence's provider mail, reminders and review request stay its own.
 */

const name = (first: string, last: string) => (last && last !== '-' ? `${first} ${last}` : first);

/** The series' booked occurrences, soonest first, with their calendar SEQUENCE. */
function bookedOccurrences(db: Db, seriesId: string) {
  return withBothUsers(
    db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        serviceType: appointments.serviceType,
        providerFirstName: providerUser.firstName,
        providerLastName: providerUser.lastName,
        // 0 when booked, +1 per later change: what the appointment's own mail would send.
        sequence: sql<number>`(select greatest(count(*) - 1, 0) from ${appointmentEvents} e
          where e.appointment_id = ${appointments.id})`.mapWith(Number),
      })
      .from(appointments)
      .$dynamic(),
  )
    .where(and(eq(appointments.seriesId, seriesId), eq(appointments.status, 'booked')))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** The mail, or null when no occurrence is booked any more. */
export async function seriesBookedMessage(
  db: Db,
  seriesId: string,
  to: Recipient,
  urls: { manage: string; organizer: string },
): Promise<MailMessage | null> {
  const occurrences = await bookedOccurrences(db, seriesId);
  const first = occurrences[0];
  if (!first) return null;
  const providerName = name(first.providerFirstName, first.providerLastName);
  const mail = seriesBookedMail(
    to,
    { serviceType: first.serviceType, providerName, occurrences },
    urls.manage,
  );
  const ics = seriesInvite(
    occurrences.map((o) => ({
      appointmentId: o.id,
      sequence: o.sequence,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      summary: `${o.serviceType} with ${providerName}`,
      description: `Slotwise appointment. Manage it at ${urls.manage}`,
      canceled: false,
    })),
    urls.organizer,
  );
  return {
    ...mail,
    attachments: [
      {
        filename: 'invite.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      },
    ],
  };
}
