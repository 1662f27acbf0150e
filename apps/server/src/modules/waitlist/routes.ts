import { clientAppointmentMessageResponseSchema } from '@slotwise/shared/appointments-schemas';
import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import {
  joinWaitlistResponseSchema,
  waitlistEntryParamsSchema,
  waitlistMessageResponseSchema,
  waitlistOfferParamsSchema,
} from '@slotwise/shared/waitlist-api-schemas';
import {
  joinWaitlistSchema,
  providerWaitlistSchema,
  WAITLIST_MESSAGES,
  waitlistEntriesSchema,
  waitlistOffersSchema,
} from '@slotwise/shared/waitlist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf, providerIdOf } from '../../plugins/authenticate';
import { bookAppointment, holdSettingsOf } from '../appointments/book';
import { inTransaction } from '../appointments/transaction';
import { joinWaitlist, ownEntries, providerWaitlist, removeEntry } from './entries';
import { declineOffer, type OffersMade, offerToAccept, ownOffers } from './offers';
import type { WaitlistSettings } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The waitlist (docs/decisions/069-waitlist.md): its settings and how offers are told. */
    waitlist: { settings: WaitlistSettings; tell: (made: OffersMade) => void };
  }
}

/**
 * The waitlist (docs/product.md §17, docs/decisions/069-waitlist.md): a client's entries and
 * offers, the provider's list of who waits. Accepting an offer is a booking (book.ts): the same
 * rules, the same answer.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientOnly = authenticated('client');
  const clientWrite = guardedRoutes(clientOnly, 400, 401, 403, 404, 409);
  const clientRead = guardedRoutes(clientOnly, 400, 401, 403);
  const providerRead = guardedRoutes(authenticated('provider'), 400, 401, 403);
  const { settings } = app.waitlist;
  const db = app.database.db;

  app.post(
    '/waitlist',
    clientWrite({ body: joinWaitlistSchema, response: { 201: joinWaitlistResponseSchema } }),
    async (request, reply) => {
      const entry = await joinWaitlist(db, authOf(request).userId, request.body);
      return reply.code(201).send({ message: WAITLIST_MESSAGES.joined, entry });
    },
  );

  app.get(
    '/waitlist',
    clientRead({ response: { 200: waitlistEntriesSchema } }),
    async (request) => ({ entries: await ownEntries(db, authOf(request).userId) }),
  );

  app.delete(
    '/waitlist/:id',
    clientWrite({
      params: waitlistEntryParamsSchema,
      response: { 200: waitlistMessageResponseSchema },
    }),
    async (request) => {
      app.waitlist.tell(await removeEntry(db, settings, authOf(request).userId, request.params.id));
      return { message: WAITLIST_MESSAGES.removed };
    },
  );

  app.get(
    '/waitlist/offers',
    clientRead({ response: { 200: waitlistOffersSchema } }),
    async (request) => ({ offers: await ownOffers(db, authOf(request).userId) }),
  );

  app.post(
    '/waitlist/offers/:id/accept',
    clientWrite({
      params: waitlistOfferParamsSchema,
      response: { 201: clientAppointmentMessageResponseSchema },
    }),
    async (request, reply) => {
      const clientUserId = authOf(request).userId;
      const offer = await offerToAccept(db, clientUserId, request.params.id);
      const change = await bookAppointment(
        db,
        clientUserId,
        offer.timeslotId,
        app.appointmentChanges,
        null,
        holdSettingsOf(app.config),
      );
      const message = change.held ? PAYMENT_MESSAGES.awaitingPayment : MESSAGES.appointmentBooked;
      return reply.code(201).send({ message, appointment: change.clientView });
    },
  );

  app.post(
    '/waitlist/offers/:id/decline',
    clientWrite({
      params: waitlistOfferParamsSchema,
      response: { 200: waitlistMessageResponseSchema },
    }),
    async (request) => {
      const made = await inTransaction(db, (tx) =>
        declineOffer(tx, settings, authOf(request).userId, request.params.id),
      );
      app.waitlist.tell(made);
      return { message: WAITLIST_MESSAGES.declined };
    },
  );

  app.get(
    '/provider/waitlist',
    providerRead({ response: { 200: providerWaitlistSchema } }),
    async (request) => providerWaitlist(db, providerIdOf(request)),
  );
};
