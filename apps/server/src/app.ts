import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { loggerOptions } from './logger-options';
import { type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { fanOut, listenToChannel, PUSH_CHANNEL } from './db/notifications';
import { PushBarrier } from './db/push-barrier';
import { TakenSlotHints } from './modules/appointments/taken-slot-hints';
import { ProviderWindowCache } from './lib/provider-window-cache';
import { batchedNotifier } from './db/notify-batch';
import { sql } from 'drizzle-orm';
import { seedDemoData } from './demo/seed-demo';
import { apiRoutes } from './modules/api-routes';
import { appointmentChangeConsumers } from './modules/appointments/change-consumers';
import { AppointmentChanges } from './modules/appointments/change-fanout';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@slotwise/shared/accounts-schemas';
import { uploadRoutes } from './images/routes';
import { calendarFeedRoutes } from './modules/calendar/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { resolveJwtSecret, TokenService } from './modules/accounts/tokens';
import type { Redis } from 'ioredis';
import { createRedis } from './lib/redis';
import { registerApiDocs } from './plugins/api-docs';
import { registerMetrics } from './plugins/metrics';
import { registerJobs } from './jobs/worker';
import { registerEmailJobs } from './modules/email/email-jobs';
import { registerMessageDigestJob } from './modules/email/message-digest';
import { optOutLinks } from './modules/email/unsubscribe';
import { registerRateLimit } from './plugins/rate-limit';
import { attachRealtime, type Realtime } from './realtime/socket-server';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security';
import { registerCors } from './plugins/cors';
import { registerLoadShedding } from './plugins/load-shedding';
import { frameworkErrors, registerRequestLimits } from './plugins/request-limits';
import { isSpaPath, registerSpa } from './plugins/spa';
import { createSchedule, type Schedule } from './modules/availability/daily-job';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    tokens: TokenService;
    /** Slots known to be booked, a hint for the booking command (docs/decisions/056). */
    takenSlots: TakenSlotHints;
    /** The week view's and available slots' answers per provider (docs/decisions/057). */
    windowCache: ProviderWindowCache;
    mailer: Mailer;
    realtime: Realtime;
    /** Shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
    /** Where every appointment change fans out to its consumers (modules/appointments/change-fanout.ts). */
    appointmentChanges: AppointmentChanges;
    /** The daily weekly-hours run (docs/decisions/040-weekly-hours-and-time-off.md). */
    schedule: Schedule;
  }
}

export interface AppDeps {
  /** An open database; when absent the app opens (and later closes) its own. */
  database?: Database;
  /** Apply pending migrations at start (default true). */
  migrate?: boolean;
  /** Replaces the configured mailer (tests capture mail). */
  mailer?: Mailer;
  /** Start the daily weekly-hours timer (default: on, except NODE_ENV=test: tests drive it). */
  scheduleTimer?: boolean;
}

const MAX_JSON_BODY = 100 * 1024;

/** Builds the whole application without listening: tests call inject() or listen on port 0. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: MAX_JSON_BODY,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Stop keep-alive connections that sit idle when closing, so shutdown is quick.
    forceCloseConnections: 'idle',
    // Our own onRequest hook answers while closing, with Retry-After and the error body.
    return503OnClosing: false,
    // Undecodable URLs and over-long path parameters get the docs/product.md §10.2 error body too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Graceful shutdown: from the moment close() starts, requests that still arrive on open
  // connections are refused with a retryable 503, while in-flight ones finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Retry-After', '2').header('Connection', 'close');
    return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The server is restarting, please retry');
  });

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      logger: app.log,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  if (deps.migrate ?? true) await runMigrations(database);
  if (config.demoData) await seedDemoData(database.db, app.log);
  const tokens = new TokenService(database.db, await resolveJwtSecret(config));
  app.decorate('tokens', tokens);
  const barrier = new PushBarrier();
  const takenSlots = new TakenSlotHints(barrier);
  app.decorate('takenSlots', takenSlots);
  const windowCache = new ProviderWindowCache(barrier);
  app.decorate('windowCache', windowCache);
  // Revocations and freed slots pushed by the database (docs/decisions/056): one listening
  // connection per instance, stopped before the database closes.
  const push = await listenToChannel(
    database,
    PUSH_CHANNEL,
    fanOut(barrier, tokens.push, takenSlots, windowCache),
    app.log,
  );
  barrier.attach(push.notify);
  // Invalidations sent after commit (a slot's claim): from the listening connection, batched;
  // through the pool while it is down, and on PGlite (delivered to every listener at once).
  windowCache.announce = batchedNotifier(async (payloads) => {
    if (push.notifyAll) {
      try {
        return await push.notifyAll(payloads);
      } catch {
        // Listener down: the pool below.
      }
    }
    await database.db.execute(
      sql`select pg_notify(${PUSH_CHANNEL}, p) from unnest(string_to_array(${payloads.join(',')}, ',')) p`,
    );
  });
  tokens.barrier = barrier;
  tokens.startSweeping();
  app.addHook('preClose', async () => {
    tokens.stopSweeping();
    await push.close();
  });
  app.decorateRequest('auth', null);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  const schedule = createSchedule(database.db, app.log, {
    doneDays: config.jobsKeepDoneDays,
    failedDays: config.jobsKeepFailedDays,
  });
  app.decorate('schedule', schedule);
  if (deps.scheduleTimer ?? config.env !== 'test') {
    app.addHook('onReady', async () => schedule.start());
  }
  // Before the database closes: stop the timer and let a run in progress finish.
  app.addHook('preClose', async () => schedule.stop());

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app, config);
  await registerRequestLimits(app);
  await registerCors(app, config);
  await registerMetrics(app);
  // The durable job queue (mail, reminders) and this instance's worker loop.
  registerJobs(app);
  const optOutFor = optOutLinks(config);
  registerEmailJobs(app, optOutFor);
  registerMessageDigestJob(app, optOutFor);
  await registerLoadShedding(app, config);
  await registerRateLimit(app, config, redis);
  await registerApiDocs(app);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
  });

  app.decorate(
    'appointmentChanges',
    new AppointmentChanges(
      [...appointmentChangeConsumers(app), takenSlots.consumer(), windowCache.consumer()],
      app.log,
    ),
  );
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(uploadRoutes);
  await app.register(calendarFeedRoutes);
  app.decorate('realtime', attachRealtime(app));

  const spaPageFor = config.webDistDir ? await registerSpa(app, config.webDistDir) : null;

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

  return app;
}
