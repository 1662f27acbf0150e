import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { gazetteerSize } from './modules/catalogue/gazetteer';

/** The built SPA beside this package, from the sources or the bundle. */
function defaultWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, '..', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return path.resolve(candidate);
    dir = path.dirname(dir);
  }
  return undefined;
}

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`slotwise: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= defaultWebDist();

  const app = await buildApp(config);
  // The gazetteer (GET /api/places) loads once, before the first request rather than in it.
  const gazetteerStarted = Date.now();
  app.log.info({ places: gazetteerSize(), ms: Date.now() - gazetteerStarted }, 'gazetteer loaded');

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A burst of new connections (a popular provider opening slots) must wait in the accept
  // queue, not be dropped: Node's default backlog of 511 overflows at ~2,000 simultaneous
  // connects and each dropped SYN costs the client a 1 s, then 3 s retransmit. The kernel caps
  // this at net.core.somaxconn (4096 on current Linux).
  // The pool's connections opened before the first request, not by the first burst.
  await app.database.warm();
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Slotwise ready on ${config.publicUrl} (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error('slotwise: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
