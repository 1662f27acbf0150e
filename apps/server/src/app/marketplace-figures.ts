import fp from 'fastify-plugin';
import { registerRecurringJob } from '../jobs/recurring-job';
import { foldJob } from '../modules/marketplace-figures/fold-job';

/**
 * The marketplace figures (docs/decisions/072-operating-the-marketplace.md): the job that folds
 * the deltas every minute, its chain started (or mended) by an instance that runs the job
 * worker. Tests drive the queue themselves and start no chain.
 */
export const marketplaceFiguresPlugin = fp(
  async (app) => {
    registerRecurringJob(app, foldJob(app.database.db));
  },
  { name: 'marketplace-figures', dependencies: ['jobs'] },
);
