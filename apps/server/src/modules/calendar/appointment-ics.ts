import {
  appointmentIdParamsSchema,
  BOOKING_MESSAGES,
} from '@slotwise/shared/appointments-booking-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { authenticated, authOf } from '../../plugins/authenticate';
import { calendarFeed, type IcsEvent } from '../email/ics';
import { appointmentEventRows, icsEventOf } from './appointment-events';

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
  const [row] = await appointmentEventRows(db).where(eq(appointments.id, appointmentId)).limit(1);
  if (!row || (row.clientId !== userId && row.providerUserId !== userId)) return null;
  return icsEventOf(row, userId);
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
