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

export const MODERATION_ROWS: MatrixRow[] = [
  // Clients and providers report (each case a provider of its own: one report per target).
  matrixRow('POST', '/api/reports', signedIn(201), {
    body: async (w) => ({ kind: 'provider', targetId: await freshProvider(w), reason: 'Spam' }),
  }),
  matrixRow('GET', '/api/admin/reports', adminsOnly(200), { owner: 'admin' }),
  matrixRow('POST', '/api/admin/reports/:id/resolve', adminsOnly(200), {
    owner: 'admin',
    id: freshReport,
    body: () => ({ action: 'dismiss', ...note() }),
  }),
  matrixRow('POST', '/api/admin/reviews/:id/hide', adminsOnly(200), {
    owner: 'admin',
    id: (w) => freshReview(w),
    body: note,
  }),
  matrixRow('POST', '/api/admin/reviews/:id/unhide', adminsOnly(200), {
    owner: 'admin',
    id: (w) => freshReview(w, true),
    body: note,
  }),
  matrixRow('POST', '/api/admin/providers/:id/suspend', adminsOnly(200), {
    owner: 'admin',
    id: freshProvider,
    body: note,
  }),
  matrixRow('POST', '/api/admin/providers/:id/reinstate', adminsOnly(200), {
    owner: 'admin',
    id: freshSuspended,
    body: note,
  }),
  matrixRow('GET', '/api/admin/providers', adminsOnly(200), { owner: 'admin' }),
  matrixRow('GET', '/api/admin/reviews', adminsOnly(200), { owner: 'admin' }),
  matrixRow('GET', '/api/admin/audit', adminsOnly(200), { owner: 'admin' }),
];
