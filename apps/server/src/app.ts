import type { FastifyInstance } from 'fastify';
import { appointmentChangesPlugin } from './app/appointment-changes';
import { paymentsPlugin } from './app/payments';
import { waitlistPlugin } from './app/waitlist';
import { smsPlugin } from './app/sms';
import { calendarSyncPlugin } from './app/calendar-sync';
import { webPushPlugin } from './app/web-push';
import { demoDataPlugin } from './app/demo-data';
import { marketplaceFiguresPlugin } from './app/marketplace-figures';
import { operatorsPlugin } from './app/operators';
import { emailJobsPlugin } from './app/email-jobs';
import { routesPlugin } from './app/routes';
import { schedulePlugin } from './app/schedule';
import { createServer } from './app/server';
import type { Config } from './config';
import type { Database } from './db/client';
import { jobsPlugin } from './jobs/worker';
import type { Mailer } from './mail/mailer';
import { apiDocsPlugin } from './plugins/api-docs';
import { corsPlugin } from './plugins/cors';
import { databasePlugin } from './plugins/database';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { mailerPlugin } from './plugins/mailer';
import { metricsPlugin } from './plugins/metrics';
import { notFoundPlugin } from './plugins/not-found';
import { rateLimitPlugin } from './plugins/rate-limit';
import { readRoutingPlugin } from './plugins/read-routing';
import { redisPlugin } from './plugins/redis';
import { requestLimitsPlugin } from './plugins/request-limits';
import { securityHeadersPlugin } from './plugins/security';
import { tokensPlugin } from './plugins/tokens';
import { pushPlugin } from './push/push-plugin';
import { realtimePlugin } from './realtime/socket-server';

export interface AppDeps {
  /** An open database; when absent the app opens (and later closes) its own. */
  database?: Database;
  /** Apply pending migrations at start (default true). */
  migrate?: boolean;
  /** Replaces the configured mailer (tests capture mail). */
  mailer?: Mailer;
  /** Start the daily weekly-hours timer (default: on, except NODE_ENV=test: tests drive it). */
  scheduleTimer?: boolean;
  /** Told of every route as it is registered (the authorization matrix checks the list). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/**
 * Builds the whole application without listening: tests call inject() or listen on port 0.
 * The plugins start in this order; their preClose hooks run in it, their onClose hooks in reverse.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = createServer(config);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  await app.register(databasePlugin, { database: deps.database, migrate: deps.migrate ?? true });
  await app.register(redisPlugin);
  await app.register(readRoutingPlugin);
  await app.register(demoDataPlugin);
  await app.register(tokensPlugin);
  await app.register(pushPlugin);
  await app.register(operatorsPlugin);
  await app.register(mailerPlugin, { mailer: deps.mailer });
  await app.register(schedulePlugin, { timer: deps.scheduleTimer ?? config.env !== 'test' });
  await app.register(securityHeadersPlugin);
  await app.register(requestLimitsPlugin);
  await app.register(corsPlugin);
  await app.register(metricsPlugin);
  await app.register(jobsPlugin);
  await app.register(emailJobsPlugin);
  await app.register(smsPlugin);
  await app.register(loadSheddingPlugin);
  await app.register(rateLimitPlugin);
  await app.register(apiDocsPlugin);
  await app.register(appointmentChangesPlugin);
  await app.register(paymentsPlugin);
  await app.register(waitlistPlugin);
  await app.register(calendarSyncPlugin);
  await app.register(webPushPlugin);
  await app.register(marketplaceFiguresPlugin);
  await app.register(routesPlugin);
  await app.register(realtimePlugin);
  await app.register(notFoundPlugin);
  return app;
}
