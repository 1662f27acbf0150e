import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { isUuid } from '../lib/uuid';
import { findImage } from './image-store';

/**
 * GET /uploads/:id — profile pictures from the database. An id names one immutable upload
 * (a new picture gets a new id), so it may be cached for a year; the ETag serves revalidation.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const { id } = request.params;
      const image = isUuid(id) ? await findImage(app.database.db, id) : null;
      if (!image) throw new NotFoundError('Picture not found');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('ETag', image.etag);
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type(image.contentType).send(image.data);
    },
  );
};
