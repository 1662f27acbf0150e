import fp from 'fastify-plugin';
import { sendError } from './error-handler';
import { isSpaPath, registerSpa } from './spa';

/**
 * What no route answers: with a web build to serve, a read of a client-side route gets
 * the SPA's page (spa.ts); anything else the docs/product.md §10.2 404 body.
 */
export const notFoundPlugin = fp(
  async (app) => {
    const distDir = app.config.webDistDir;
    const spaPageFor = distDir ? await registerSpa(app, distDir) : null;
    app.setNotFoundHandler((request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (spaPageFor && isRead && isSpaPath(request.url)) {
        reply.header('Cache-Control', 'no-cache');
        return reply.type('text/html; charset=utf-8').sendFile(spaPageFor(request.url));
      }
      return sendError(
        reply,
        404,
        'NOT_FOUND',
        `Route ${request.method} ${request.url.split('?')[0]} not found`,
      );
    });
  },
  { name: 'not-found' },
);
