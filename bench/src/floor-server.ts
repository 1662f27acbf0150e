import { sql } from 'drizzle-orm';
/**
 * The floor: the server's own service functions over the server's own database client and
 * pool (same DATABASE_URL / DATA_DIR, same DATABASE_POOL_SIZE), behind bare Fastify routes —
 * no authentication, validation, response schemas, hooks, metrics or security headers. Each
 * endpoint of the real server is reported as a percentage of its route here.
 */
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  listProviderAppointments,
  pageProviderAppointments,
} from '../../apps/server/src/modules/appointments/lists';
import { providerSearchQuerySchema } from '@slotwise/shared/discovery-schemas';
import { resolveJwtSecret } from '../../apps/server/src/plugins/signing-secret';
import { CursorCodec } from '../../apps/server/src/modules/discovery/cursor';
import { discoverProviders } from '../../apps/server/src/modules/discovery/discovery';
import { availableWindowJson } from '../../apps/server/src/modules/discovery/available-window';
import { getProviderStats } from '../../apps/server/src/modules/stats/service';
import { getTrustFigures } from '../../apps/server/src/modules/stats/trust-figures';
import { timeslotWindowJson } from '../../apps/server/src/modules/availability/timeslot-window';
import { mergedAvailableSlots } from '../../apps/server/src/modules/business/public-business';
import { providerPage } from '../../apps/server/src/modules/seo/page-data';
import { entityPage } from '../../apps/server/src/modules/seo/page-html';
import { PageShell } from '../../apps/server/src/modules/seo/page-shell';
import { translatorFor } from '../../apps/server/src/modules/seo/seo-texts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const { db } = database;
const app = Fastify({ logger: false });

app.get('/hello', async () => ({ hello: 'world' }));
// Idle only once the pool is: a slow run leaves queries queued there after autocannon stops,
// and /hello (no query) would call the floor settled while the next run waits behind them.
app.get('/hello-db', async () => {
  await db.execute(sql`select 1`);
  return { hello: 'world' };
});
// The same search as GET /api/search/providers, without its few-second page cache.
const cursors = new CursorCodec(await resolveJwtSecret(config));
app.get<{ Querystring: { q?: string } }>('/search', async (request) =>
  discoverProviders({ db, cursors }, providerSearchQuerySchema.parse({ q: request.query.q })),
);
app.get<{ Querystring: Record<string, string> }>('/discover', async (request) =>
  discoverProviders({ db, cursors }, providerSearchQuerySchema.parse(request.query)),
);
app.get<{ Params: { id: string }; Querystring: { from?: string; to?: string } }>(
  '/slots/:id',
  async (request, reply) => {
    const result = await availableWindowJson(db, request.params.id, request.query);
    if (result.kind !== 'ok') return reply.code(404).send({ error: result.kind });
    return reply.type('application/json; charset=utf-8').send(result.body);
  },
);
app.get<{ Params: { id: string } }>('/provider-view/:id', async (request) => ({
  appointments: await listProviderAppointments(db, request.params.id),
}));
app.get<{ Params: { id: string } }>('/provider-view-page/:id', async (request) =>
  pageProviderAppointments(db, request.params.id, { limit: 20 }),
);
// The server's stats add the trust figures (rating, reviews, no-show rate) in parallel: so does
// the floor, or it would be measuring less work than the server does.
app.get<{ Params: { id: string } }>('/stats/:id', async (request) => {
  const [stats, trust] = await Promise.all([
    getProviderStats(db, request.params.id),
    getTrustFigures(db, request.params.id),
  ]);
  return { stats: { ...stats, ...trust } };
});
app.get<{ Params: { id: string }; Querystring: { from: string; to: string } }>(
  '/week/:id',
  async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await timeslotWindowJson(db, request.params.id, request.query)),
);
app.get<{ Params: { id: string }; Querystring: { serviceId: string; date: string } }>(
  '/business-slots/:id',
  async (request) => ({
    slots: await mergedAvailableSlots(
      db,
      request.params.id,
      request.query.serviceId,
      request.query.date,
    ),
  }),
);

// A provider's search engine page, rendered on every request (the server keeps it cached).
const shell = PageShell.load(config.webDistDir);
app.get<{ Params: { id: string } }>('/seo-page/:id', async (request, reply) => {
  const page = await providerPage(db, request.params.id);
  if (!page) return reply.code(404).send('not found');
  const { locale, t } = translatorFor(request.headers['accept-language']);
  const path = `/providers/${request.params.id}`;
  const html = shell.render(entityPage({ locale, t, origin: config.publicUrl, path }, page));
  return reply.type('text/html; charset=utf-8').send(html);
});

app.addHook('onClose', async () => database.close());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: '127.0.0.1' });
