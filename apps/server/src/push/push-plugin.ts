import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { batchedNotifier } from './batched-notifier';
import { ProviderWindowCache } from './provider-window-cache';
import { PushBarrier } from './push-barrier';
import { fanOut, listenToChannel, PUSH_CHANNEL } from './push-channel';
import { TakenSlotHints } from './taken-slot-hints';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slots known to be booked, a hint for the booking command (docs/decisions/056). */
    takenSlots: TakenSlotHints;
    /** The week view's and available slots' answers per provider (docs/decisions/057). */
    windowCache: ProviderWindowCache;
  }
}

/**
 * The push channel and the caches it keeps correct: revocations and freed slots pushed by the
 * database (docs/decisions/056), window changes (057). One listening connection per instance
 * tells the push barrier, the token service's revocation set, the taken-slot hints
 * (`app.takenSlots`) and the window cache (`app.windowCache`); it stops before the database
 * closes.
 */
export const pushPlugin = fp(
  async (app) => {
    const { database, tokens } = app;
    const barrier = new PushBarrier();
    const takenSlots = new TakenSlotHints(barrier);
    app.decorate('takenSlots', takenSlots);
    const windowCache = new ProviderWindowCache(barrier);
    app.decorate('windowCache', windowCache);
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
    app.addHook('preClose', async () => push.close());
  },
  { name: 'push', dependencies: ['database', 'tokens'] },
);
