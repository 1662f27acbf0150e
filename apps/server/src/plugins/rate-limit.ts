import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { RateLimitedError } from '../errors';

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Counters live in this process;
 * with REDIS_URL they move to Redis so every instance counts together.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config) {
  if (!config.rateLimit) return;
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(`Too many requests, please try again in ${context.after}`),
  });
}
