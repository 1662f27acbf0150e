import fp from 'fastify-plugin';
import { mendFoldChain, registerFoldJob } from '../modules/marketplace-figures/fold-job';

/**
 * The marketplace figures (docs/decisions/072-operating-the-marketplace.md): the job that folds
 * the deltas every minute, its chain started (or mended) by an instance that runs the job
 * worker. Tests drive the queue themselves and start no chain.
 */
export const marketplaceFiguresPlugin = fp(
  async (app) => {
    registerFoldJob(app);
    if (app.config.jobsPollIntervalMs <= 0) return;
    // Best effort, like calendar sync's chains: a database down at start must not stop the server.
    app.addHook('onReady', async () => {
      await mendFoldChain(app.database.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'marketplace figures: fold chain not mended at start'),
      );
    });
  },
  { name: 'marketplace-figures', dependencies: ['jobs'] },
);
