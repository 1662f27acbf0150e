import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';

type PressureHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  value: number | undefined,
) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's per-route handler (see ADMIT_UNDER_PRESSURE). */
    pressureHandler?: PressureHandler;
  }
}

/**
 * Route config of a route that is never shed (docs/decisions/058): a booking rush is exactly the
 * burst that makes the event loop lag, and shedding it turns people's booking attempts into 503s.
 * A booking costs one claim statement (the losers are answered from memory) and the pool queues
 * the rest fairly, so it is served late rather than refused. (Returning nothing lets it through.)
 */
export const ADMIT_UNDER_PRESSURE = { pressureHandler: () => undefined } as const;

/** Overload: answer 503 early instead of queueing until everything times out. */
export const loadSheddingPlugin = fp(
  async (app) => {
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.maxEventLoopDelayMs,
      retryAfter: 5,
      exposeStatusRoute: false,
      pressureHandler: (_request, reply, type, value) => {
        app.log.warn({ type, value }, 'under pressure: shedding load');
        reply.header('Retry-After', '5');
        void sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The server is busy, please retry');
      },
    });
  },
  { name: 'load-shedding' },
);
