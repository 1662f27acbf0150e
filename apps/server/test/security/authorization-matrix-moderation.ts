import { eq, sql } from 'drizzle-orm';
import { providers, reviews } from '../../src/db/schema';
import { createClient, createProvider } from '../helpers/factories';
import { createReview } from '../helpers/review-factories';
import type { MatrixRow } from './authorization-matrix';
import { adminsOnly, signedIn } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';

/**
 * Reports and the operator's routes (docs/product.md §19.3–§19.4, docs/decisions/072): any
 * signed-in client or provider reports; only operators read the queue, act and search. Each
 * case that changes something acts on records of its own. Spread into HTTP_MATRIX.
 */

const note = () => ({ note: 'Matrix check' });

/** A new listed provider to report or suspend: its id. */
const freshProvider = async (w: World) => (await createProvider(w.app)).providerId!;

/** A new review of a new provider, hidden when asked: its id. */
async function freshReview(w: World, hidden = false): Promise<string> {
  const provider = await createProvider(w.app);
  const id = await createReview(w.app, provider, await createClient(w.app));
  if (hidden) {
    await w.app.database.db
      .update(reviews)
      .set({ hiddenAt: sql`now()` })
      .where(eq(reviews.id, id));
  }
  return id;
}

/** A new open report by a new client: its id. */
async function freshReport(w: World): Promise<string> {
  const reporter = await createClient(w.app);
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: reporter.headers,
    payload: { kind: 'provider', targetId: await freshProvider(w), reason: 'Matrix' },
  });
  if (res.statusCode !== 201) throw new Error(`matrix: report failed ${res.body}`);
  return res.json<{ report: { id: string } }>().report.id;
}

/** A new suspended provider: its id. */
async function freshSuspended(w: World): Promise<string> {
  const id = await freshProvider(w);
  await w.app.database.db
    .update(providers)
    .set({ suspendedAt: sql`now()`, suspensionNote: 'Matrix' })
    .where(eq(providers.id, id));
  return id;
}

/** An id no record has: what a refused caller's request names (refused before any lookup). */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

/**
 * An operator's action on a record of its own: made only for the operator's cases (everyone
 * else is refused by the route's authentication, before any lookup), so the table stays quick.
 */
function operatorAction(
  route: string,
  make: (w: World) => Promise<string>,
  body: () => Record<string, unknown> = note,
): MatrixRow {
  return {
    ...matrixRow('POST', route, adminsOnly(200), { owner: 'admin' }),
    async request(w, caller) {
      const id = caller?.role === 'admin' ? await make(w) : NO_RECORD;
      return { url: route.replace(':id', id), payload: body() };
    },
  };
}

export const MODERATION_ROWS: MatrixRow[] = [
  // Clients and providers report (each case a provider of its own: one report per target).
  matrixRow('POST', '/api/reports', signedIn(201), {
    body: async (w, caller) => ({
      kind: 'provider',
      targetId: caller ? await freshProvider(w) : NO_RECORD,
      reason: 'Spam',
    }),
  }),
  matrixRow('GET', '/api/admin/reports', adminsOnly(200), { owner: 'admin' }),
  operatorAction('/api/admin/reports/:id/resolve', freshReport, () => ({
    action: 'dismiss',
    ...note(),
  })),
  operatorAction('/api/admin/reviews/:id/hide', (w) => freshReview(w)),
  operatorAction('/api/admin/reviews/:id/unhide', (w) => freshReview(w, true)),
  operatorAction('/api/admin/providers/:id/suspend', freshProvider),
  operatorAction('/api/admin/providers/:id/reinstate', freshSuspended),
  matrixRow('GET', '/api/admin/providers', adminsOnly(200), { owner: 'admin' }),
  matrixRow('GET', '/api/admin/reviews', adminsOnly(200), { owner: 'admin' }),
  matrixRow('GET', '/api/admin/audit', adminsOnly(200), { owner: 'admin' }),
];
