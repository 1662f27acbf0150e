import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthBody = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
});

const readyBody = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable', 'disabled']),
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

  // Readiness: may this instance take traffic? Database, and Redis when configured.
  app.get(
    '/ready',
    { schema: { response: { 200: readyBody, 503: readyBody } } },
    async (request, reply) => {
      const ok = (promise: Promise<unknown>) =>
        withTimeout(promise, PING_TIMEOUT_MS).then(
          () => true,
          (err: unknown) => {
            request.log.warn({ err }, 'readiness check failed');
            return false;
          },
        );
      const [database, redis] = await Promise.all([
        ok(app.database.ping()),
        app.redis ? ok(app.redis.ping()) : Promise.resolve(null),
      ]);
      const body = {
        status: database && redis !== false ? ('ok' as const) : ('error' as const),
        database: database ? ('ok' as const) : ('unreachable' as const),
        redis:
          redis === null
            ? ('disabled' as const)
            : redis
              ? ('ok' as const)
              : ('unreachable' as const),
      };
      if (body.status === 'ok') return body;
      reply.header('Retry-After', '5');
      return reply.code(503).send(body);
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
