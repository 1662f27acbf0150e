import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
  }
}

/**
 * One Redis connection per instance for rate-limit counters and readiness; socket.io's
 * adapter makes its own pub/sub pair from it. Errors are logged, never thrown at callers:
 * a Redis outage degrades rate limiting, it does not take bookings down.
 */
export function createRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  let lastError = '';
  redis.on('error', (err: Error) => {
    // Reconnect attempts repeat the same error: log each distinct one once.
    if (err.message !== lastError) log.warn({ err: err.message }, 'redis error');
    lastError = err.message;
  });
  redis.on('ready', () => {
    lastError = '';
  });
  return redis;
}

/** `app.redis`: the connection when REDIS_URL is set (else null), quit when the app closes. */
export const redisPlugin = fp(
  async (app) => {
    const redis = app.config.redisUrl ? createRedis(app.config.redisUrl, app.log) : null;
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  },
  { name: 'redis' },
);
