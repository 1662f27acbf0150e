import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

/** `npm run migrate`: apply pending migrations and exit (for deploy pipelines). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    pooler: config.databasePooler,
    directUrl: config.databaseDirectUrl,
  });
  try {
    await runMigrations(database);
    console.log(`migrations applied (${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `slotwise: ${error.message}` : error);
  process.exit(1);
});
