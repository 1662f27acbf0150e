import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents, appointments, providers, users } from '../../db/schema';
import type { IcsEvent } from '../email/ics';

const providerUser = alias(users, 'provider_user');
const clientUser = alias(users, 'client_user');

const fullName = (first: string, last: string) =>
  last && last !== '-' ? `${first} ${last}` : first;

/**
 * Appointments with what their calendar events need — both parties' names and the change count
 * that makes the SEQUENCE — for the secret feed and the single `.ics` alike; the caller adds its
 * `where`. The UID and SEQUENCE are the mails' (docs/decisions/044-email-and-calendars.md).
 */
export function appointmentEventRows(db: DbOrTx) {
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      serviceType: appointments.serviceType,
      clientId: appointments.clientId,
      providerUserId: providers.userId,
      providerFirst: providerUser.firstName,
      providerLast: providerUser.lastName,
      clientFirst: clientUser.firstName,
      clientLast: clientUser.lastName,
      changes: sql<number>`(select count(*) from ${appointmentEvents} where ${appointmentEvents.appointmentId} = ${appointments.id})`,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId));
}

type AppointmentEventRow = Awaited<ReturnType<typeof appointmentEventRows>>[number];

/** The row as the event `viewerUserId` sees: 'Haircut with <provider>' or 'for <client>'. */
export function icsEventOf(row: AppointmentEventRow, viewerUserId: string): IcsEvent {
  const other =
    row.clientId === viewerUserId
      ? `with ${fullName(row.providerFirst, row.providerLast)}`
      : `for ${fullName(row.clientFirst, row.clientLast)}`;
  return {
    appointmentId: row.id,
    sequence: Math.max(0, Number(row.changes) - 1),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: `${row.serviceType} ${other}`,
    description: 'Slotwise appointment',
    canceled: row.status === 'canceled',
  };
}
