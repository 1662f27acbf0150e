import {
  appointmentIdParamsSchema,
  BOOKING_MESSAGES,
} from '@slotwise/shared/appointments-booking-schemas';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents, appointments, providers, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { authenticated, authOf } from '../../plugins/authenticate';
import { calendarFeed, type IcsEvent } from '../email/ics';

const providerUser = alias(users, 'provider_user');
const clientUser = alias(users, 'client_user');

const fullName = (first: string, last: string) =>
  last && last !== '-' ? `${first} ${last}` : first;

/**
 * One appointment as a calendar event, for its client or its provider only; anyone else (and
 * an unknown id) gets null. The UID and SEQUENCE are the mails' and the feed's, so a calendar
 * that already holds the event updates it instead of adding a second one.
 */
async function appointmentEventFor(
  db: DbOrTx,
  appointmentId: string,
  userId: string,
): Promise<IcsEvent | null> {
  const [row] = await db
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
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row || (row.clientId !== userId && row.providerUserId !== userId)) return null;
  const asClient = row.clientId === userId;
  const other = asClient
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

/**
 * GET /appointment/:id/ics (under /api): 'Add to calendar' on the client home
 * (docs/product.md §14.4). text/calendar for the appointment's client or provider; 404 for
 * anyone else, as for an unknown id, so a stranger learns nothing.
 */
export const appointmentIcsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appointment/:id/ics',
    { onRequest: authenticated(), schema: { params: appointmentIdParamsSchema } },
    async (request, reply) => {
      const event = await appointmentEventFor(
        app.database.db,
        request.params.id,
        authOf(request).userId,
      );
      if (!event) throw new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
      reply.header('Cache-Control', 'private, no-store');
      reply.header(
        'Content-Disposition',
        `attachment; filename="appointment-${event.appointmentId}.ics"`,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .send(calendarFeed('Slotwise appointment', [event]));
    },
  );
};
