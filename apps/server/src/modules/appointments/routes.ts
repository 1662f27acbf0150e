import {
  clientAppointmentMessageResponseSchema,
  clientAppointmentsQuerySchema,
  clientAppointmentsResponseSchema,
  providerAppointmentMessageResponseSchema,
  providerAppointmentsResponseSchema,
} from '@slotwise/shared/appointments-schemas';
import {
  appointmentIdParamsSchema,
  bookingBodySchema,
  bookingRequestBodySchema,
  isAnyStaffBooking,
  rescheduleBodySchema,
} from '@slotwise/shared/appointments-booking-schemas';
import {
  bookSeriesBodySchema,
  bookSeriesResponseSchema,
  cancelClassResponseSchema,
  cancelSeriesBodySchema,
  cancelSeriesResponseSchema,
  classSlotParamsSchema,
  SEATS_MESSAGES,
  seriesIdParamsSchema,
} from '@slotwise/shared/appointments-series-schemas';
import { anyStaffBookingBodySchema } from '@slotwise/shared/business-schemas';
import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { providerAppointmentsQuerySchema, REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { parseWith } from '../../lib/validation';
import { ADMIT_UNDER_PRESSURE } from '../../plugins/load-shedding';
import { authenticated, authOf, providerIdOf } from '../../plugins/authenticate';
import { bookAnyStaff } from './any-staff';
import { bookAppointment, holdSettingsOf } from './book';
import { cancelAppointmentAs } from './cancel';
import {
  listClientAppointments,
  listProviderAppointments,
  pageClientAppointments,
  pageProviderAppointments,
} from './lists';
import { markNoShow } from './no-show';
import { rescheduleAppointment } from './reschedule';
import { bookSeries, cancelSeries } from './series';
import { cancelClass } from './cancel-class';

/**
 * Bookings per user (the token's user: the clientOnly guard runs before the limiter), so one
 * script cannot sweep a provider's calendar and clients behind one NAT do not share a budget.
 * Active with RATE_LIMIT (docs/security.md).
 */
export const BOOKING_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`,
};

/** docs/product.md §7 appointment calls: clients book and manage their own, providers see and cancel theirs. */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientOnly = authenticated('client');
  const providerOnly = authenticated('provider');
  // Writes answer every error of the docs/product.md §10.4 order of checks: 401 → 403 → 400 → 404 → 409.
  const clientWrite = guardedRoutes(clientOnly, 400, 401, 403, 404, 409);
  const providerWrite = guardedRoutes(providerOnly, 400, 401, 403, 404, 409);
  const clientList = guardedRoutes(clientOnly, 400, 401, 403);
  const providerList = guardedRoutes(providerOnly, 400, 401, 403);
  const holdSettings = holdSettingsOf(app.config);

  app.post(
    '/appointment/booking',
    {
      ...clientWrite({
        body: bookingRequestBodySchema,
        response: { 201: clientAppointmentMessageResponseSchema },
      }),
      config: { rateLimit: BOOKING_RATE_LIMIT, ...ADMIT_UNDER_PRESSURE },
    },
    async (request, reply) => {
      // A slot (docs/product.md §7), or "any staff" of a business (§13.2); counted in hand
      // while it runs, so background work yields to a rush of either (jobs/worker.ts).
      const change = await app.takenSlots.inFlight.during(() =>
        isAnyStaffBooking(request.body)
          ? bookAnyStaff(
              app.database.db,
              authOf(request).userId,
              parseWith(anyStaffBookingBodySchema, request.body),
              app.appointmentChanges,
              holdSettings,
            )
          : bookAppointment(
              app.database.db,
              authOf(request).userId,
              parseWith(bookingBodySchema, request.body).timeslotId,
              app.appointmentChanges,
              { slots: app.takenSlots, since: authOf(request).since },
              holdSettings,
            ),
      );
      // A held seat waits for its payment (docs/decisions/068-payments.md).
      const message = change.held ? PAYMENT_MESSAGES.awaitingPayment : MESSAGES.appointmentBooked;
      return reply.code(201).send({ message, appointment: change.clientView });
    },
  );

  // A series (docs/decisions/067-seats-and-series.md): the slot and the same time every few weeks.
  app.post(
    '/appointment/series',
    {
      ...clientWrite({ body: bookSeriesBodySchema, response: { 201: bookSeriesResponseSchema } }),
      config: { rateLimit: BOOKING_RATE_LIMIT },
    },
    async (request, reply) => {
      const booked = await bookSeries(
        app.database.db,
        authOf(request).userId,
        request.body,
        app.appointmentChanges,
      );
      return reply.code(201).send({
        message: SEATS_MESSAGES.seriesBooked,
        series: booked.series,
        appointments: [
          ...(booked.adopted ? [booked.adopted] : []),
          ...booked.changes.map((change) => change.clientView),
        ],
        conflicts: booked.conflicts,
      });
    },
  );

  app.patch(
    '/appointment/series/:id/cancel',
    clientWrite({
      params: seriesIdParamsSchema,
      // No body at all: the whole series.
      body: cancelSeriesBodySchema.nullish(),
      response: { 200: cancelSeriesResponseSchema },
    }),
    async (request) => ({
      message: SEATS_MESSAGES.seriesCanceled,
      canceled: await cancelSeries(
        app.database.db,
        authOf(request).userId,
        request.params.id,
        request.body?.fromAppointmentId,
        app.appointmentChanges,
      ),
    }),
  );

  app.get(
    '/appointment/view',
    clientList({
      querystring: clientAppointmentsQuerySchema,
      response: { 200: clientAppointmentsResponseSchema },
    }),
    async (request) => {
      const { limit, cursor } = request.query;
      // Without ?limit=/?cursor= SPEC's answer: every appointment, no nextCursor (decision 052).
      if (limit === undefined && cursor === undefined) {
        return {
          appointments: await listClientAppointments(app.database.db, authOf(request).userId),
        };
      }
      return pageClientAppointments(app.database.db, authOf(request).userId, { limit, cursor });
    },
  );

  app.patch(
    '/appointment/cancel/:id',
    clientWrite({
      params: appointmentIdParamsSchema,
      response: { 200: clientAppointmentMessageResponseSchema },
    }),
    async (request) => {
      const change = await cancelAppointmentAs(
        app.database.db,
        { role: 'client', userId: authOf(request).userId },
        request.params.id,
        app.appointmentChanges,
      );
      return {
        message: MESSAGES.appointmentCancelledSuccessfully,
        appointment: change.clientView,
      };
    },
  );

  app.patch(
    '/appointment/reschedule/:id',
    clientWrite({
      params: appointmentIdParamsSchema,
      body: rescheduleBodySchema,
      response: { 200: clientAppointmentMessageResponseSchema },
    }),
    async (request) => {
      const change = await rescheduleAppointment(
        app.database.db,
        authOf(request).userId,
        request.params.id,
        request.body.newTimeslotId,
        app.appointmentChanges,
      );
      return { message: MESSAGES.appointmentRescheduled, appointment: change.clientView };
    },
  );

  app.get(
    '/appointment/provider/view',
    providerList({
      querystring: providerAppointmentsQuerySchema,
      response: { 200: providerAppointmentsResponseSchema },
    }),
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      if (limit === undefined && cursor === undefined) {
        return {
          appointments: await listProviderAppointments(
            app.database.db,
            providerIdOf(request),
            status,
          ),
        };
      }
      if (cursor === undefined) {
        // The first page is what every visit of the screens asks for: kept per provider, filter
        // and size until something in it changes, at most a second (the clock moves appointments
        // from upcoming to past; docs/decisions/059-cached-first-page.md). The key is the asking
        // provider's own id, and the answer the response schema's own serialization.
        const providerId = providerIdOf(request);
        const body = await app.windowCache.answer(
          'list',
          providerId,
          `${status ?? '-'}|${limit}`,
          authOf(request).since,
          async () =>
            // The schema's serializer writes a string (the type allows buffers).
            String(
              reply.serialize(
                await pageProviderAppointments(app.database.db, providerId, { limit }, status),
              ),
            ),
        );
        // The type provider types send() as the schema's object; this is its JSON text.
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      return pageProviderAppointments(
        app.database.db,
        providerIdOf(request),
        { limit, cursor },
        status,
      );
    },
  );

  app.patch(
    '/appointment/provider/cancel/:id',
    providerWrite({
      params: appointmentIdParamsSchema,
      response: { 200: providerAppointmentMessageResponseSchema },
    }),
    async (request) => {
      const change = await cancelAppointmentAs(
        app.database.db,
        { role: 'provider', userId: authOf(request).userId, providerId: providerIdOf(request) },
        request.params.id,
        app.appointmentChanges,
      );
      return { message: MESSAGES.appointmentCanceledToast, appointment: change.providerView };
    },
  );

  // A class: every seat canceled at once, each client told (cancel-class.ts).
  app.patch(
    '/appointment/provider/cancel-class/:id',
    providerWrite({
      params: classSlotParamsSchema,
      response: { 200: cancelClassResponseSchema },
    }),
    async (request) => {
      const canceled = await cancelClass(
        app.database.db,
        { role: 'provider', userId: authOf(request).userId, providerId: providerIdOf(request) },
        request.params.id,
        app.appointmentChanges,
      );
      return { message: SEATS_MESSAGES.classCanceled, canceled };
    },
  );

  // Trust: the provider records that the client did not come (no-show.ts).
  app.patch(
    '/appointment/provider/no-show/:id',
    providerWrite({
      params: appointmentIdParamsSchema,
      response: { 200: providerAppointmentMessageResponseSchema },
    }),
    async (request) => ({
      message: REVIEW_MESSAGES.noShowMarked,
      appointment: await markNoShow(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        app.appointmentChanges,
      ),
    }),
  );
};
