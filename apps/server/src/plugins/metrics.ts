import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { UnauthenticatedError } from '../errors';

export type BookingChange = 'booked' | 'canceled' | 'rescheduled';

export interface Metrics {
  registry: Registry;
  /** Counts a committed booking change (for dashboards and alerts). */
  bookingChange(type: BookingChange): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics at GET /metrics: request durations by route and status, open sockets,
 * booking changes, database pool use, and Node's defaults. A registry per app, so several
 * apps in one test process do not collide.
 */
async function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'slotwise_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const bookingChanges = new Counter({
    name: 'slotwise_booking_changes_total',
    help: 'Committed bookings, cancellations and reschedules',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  for (const type of ['booked', 'canceled', 'rescheduled'] as const)
    bookingChanges.inc({ type }, 0);
  new Gauge({
    name: 'slotwise_open_sockets',
    help: 'Open socket.io connections on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('realtime') ? app.realtime.openSockets() : 0);
    },
  });
  new Gauge({
    name: 'slotwise_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.decorate('metrics', {
    registry,
    bookingChange: (type: BookingChange) => bookingChanges.inc({ type }),
  } satisfies Metrics);

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids must not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const given = Buffer.from(request.headers.authorization ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new UnauthenticatedError('Metrics need the metrics token');
      }
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export const metricsPlugin = fp(registerMetrics, { name: 'metrics', dependencies: ['database'] });
