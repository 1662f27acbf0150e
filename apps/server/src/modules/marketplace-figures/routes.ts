import {
  figuresQuerySchema,
  figuresResponseSchema,
} from '@slotwise/shared/marketplace-figures-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated } from '../../plugins/authenticate';
import { marketplaceFiguresJson } from './figures';

/** The operator's marketplace figures (docs/product.md §19.2): operators only. */
export const marketplaceFiguresRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorRead = guardedRoutes(authenticated('admin'), 400, 401, 403);

  app.get(
    '/admin/figures',
    operatorRead({ querystring: figuresQuerySchema, response: { 200: figuresResponseSchema } }),
    async (request, reply) => {
      // JSON text built by PostgreSQL in the response schema's shape: a string skips the
      // serializer (figures.ts). The type provider types send() as the schema's object.
      const body = await marketplaceFiguresJson(app.database.db, request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
