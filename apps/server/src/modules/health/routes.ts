import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthBody = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
});

const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthBody, 503: healthBody } } },
    async (request, reply) => {
      const reachable = await withTimeout(app.database.ping(), PING_TIMEOUT_MS).then(
        () => true,
        (err: unknown) => {
          request.log.warn({ err }, 'health: database unreachable');
          return false;
        },
      );
      if (reachable) return { status: 'ok' as const, database: 'ok' as const };
      reply.header('Retry-After', '5');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
