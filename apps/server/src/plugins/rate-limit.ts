import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../errors';

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Counters live in this process,
 * or in Redis when REDIS_URL is set so that every instance counts together. If Redis fails,
 * requests pass (skipOnError) rather than fail.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    if (!app.config.rateLimit) return;
    const { redis } = app;
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => request.ip,
      ...(redis ? { redis, nameSpace: 'slotwise-rl:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) =>
        new RateLimitedError(`Too many requests, please try again in ${context.after}`),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
