import fp from 'fastify-plugin';
import { seedDemoData } from '../demo/seed-demo';

/** The demo marketplace (docs/decisions/036-demo-data.md) when DEMO_DATA is on, once migrated. */
export const demoDataPlugin = fp(
  async (app) => {
    if (app.config.demoData) {
      await seedDemoData(app.database.db, app.log, { publicUrl: app.config.publicUrl });
    }
  },
  { name: 'demo-data', dependencies: ['database'] },
);
