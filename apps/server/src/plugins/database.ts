import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database; when absent the plugin opens (and, when the app closes, closes) its own. */
  database?: Database;
  /** Apply pending migrations before anything else uses the database. */
  migrate: boolean;
}

/** `app.database`: PostgreSQL (DATABASE_URL) or embedded PGlite in DATA_DIR, migrated. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
        pooler: config.databasePooler,
        directUrl: config.databaseDirectUrl,
        logger: app.log,
      }));
    app.decorate('database', database);
    if (!options.database) app.addHook('onClose', async () => database.close());
    if (options.migrate) await runMigrations(database);
  },
  { name: 'database' },
);
