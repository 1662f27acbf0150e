import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

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
