import {
  CATALOGUE_MESSAGES,
  createServiceBodySchema,
  serviceDeleteResponseSchema,
  serviceMessageResponseSchema,
  servicesResponseSchema,
  updateServiceBodySchema,
} from '@slotwise/shared/catalogue-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../lib/error-body';
import { authenticated, providerIdOf } from '../auth/authenticate';
import { createService, deleteService, listServices, updateService } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody } as const;
const idParams = z.object({ id: z.uuid(CATALOGUE_MESSAGES.invalidServiceId) });

/** docs/product.md §11 services: providers only, each on their own services. */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');

  app.get(
    '/services',
    { onRequest: providerOnly, schema: { response: { 200: servicesResponseSchema, ...errors } } },
    async (request) => ({ services: await listServices(app.database.db, providerIdOf(request)) }),
  );

  app.post(
    '/services',
    {
      onRequest: providerOnly,
      schema: {
        body: createServiceBodySchema,
        response: { 201: serviceMessageResponseSchema, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const service = await createService(app.database.db, providerIdOf(request), request.body);
      return reply.code(201).send({ message: CATALOGUE_MESSAGES.serviceCreated, service });
    },
  );

  app.patch(
    '/services/:id',
    {
      onRequest: providerOnly,
      schema: {
        params: idParams,
        body: updateServiceBodySchema,
        response: { 200: serviceMessageResponseSchema, ...errors, 404: errorBody },
      },
    },
    async (request) => {
      const service = await updateService(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        request.body,
      );
      return { message: CATALOGUE_MESSAGES.serviceUpdated, service };
    },
  );

  app.delete(
    '/services/:id',
    {
      onRequest: providerOnly,
      schema: {
        params: idParams,
        response: { 200: serviceDeleteResponseSchema, ...errors, 404: errorBody },
      },
    },
    async (request) => {
      const result = await deleteService(app.database.db, providerIdOf(request), request.params.id);
      return {
        message: result.archived
          ? CATALOGUE_MESSAGES.serviceArchived
          : CATALOGUE_MESSAGES.serviceDeleted,
        ...result,
      };
    },
  );
};
