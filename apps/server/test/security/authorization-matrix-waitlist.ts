import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { waitlistEntries } from '../../src/db/schema';
import { offerSlots } from '../../src/modules/waitlist/offers';
import { createSlot } from '../helpers/booking-factories';
import { createProvider } from '../helpers/factories';
import type { MatrixRow } from './authorization-matrix';
import { clientsOnly, clientsOwn, providersOnly } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';

/**
 * Waitlist rows of the authorization table (docs/decisions/069-waitlist.md): a client joins,
 * lists, removes and answers only their own entries and offers; only providers read who waits
 * for them. Spread into HTTP_MATRIX.
 */

const headersOf = async (w: World) => ({ authorization: `Bearer ${await w.freshToken(w.client)}` });

/** A new entry of the world's client, waiting for a provider of its own: its id. */
async function freshEntry(w: World, providerId?: string, date?: string): Promise<string> {
  // Every case makes one: the earlier ones end first, so the client's limit of live entries
  // (20) is not what the table tests.
  await w.app.database.db
    .update(waitlistEntries)
    .set({ endsAt: sql`now()` })
    .where(and(eq(waitlistEntries.clientId, w.client.id), eq(waitlistEntries.status, 'waiting')));
  const provider = providerId ?? (await createProvider(w.app)).providerId!;
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: await headersOf(w),
    payload: { providerId: provider, windows: [{ date: date ?? addDays(todayIn('UTC'), 3) }] },
  });
  if (res.statusCode !== 201) throw new Error(`matrix: waitlist join failed ${res.body}`);
  return res.json<{ entry: { id: string } }>().entry.id;
}

/** An open offer to the world's client: a provider of its own, a free slot, offered to them. */
async function freshOffer(w: World): Promise<string> {
  const provider = await createProvider(w.app);
  const slot = await createSlot(w.app, provider.providerId!, { startsInMinutes: 30 * 60 });
  await freshEntry(w, provider.providerId!, slot.day);
  const [offer] = await offerSlots(w.app.database.db, w.app.waitlist.settings, [slot.id]);
  if (!offer) throw new Error('matrix: no offer made');
  return offer.offerId;
}

export const WAITLIST_ROWS: MatrixRow[] = [
  matrixRow('POST', '/api/waitlist', clientsOnly(201), {
    body: async (w) => ({
      providerId: (await createProvider(w.app)).providerId,
      windows: [{ date: addDays(todayIn('UTC'), 3) }],
    }),
  }),
  matrixRow('GET', '/api/waitlist', clientsOnly(200)),
  matrixRow('DELETE', '/api/waitlist/:id', clientsOwn(200), { id: (w) => freshEntry(w) }),
  matrixRow('GET', '/api/waitlist/offers', clientsOnly(200)),
  matrixRow('POST', '/api/waitlist/offers/:id/accept', clientsOwn(201), { id: freshOffer }),
  matrixRow('POST', '/api/waitlist/offers/:id/decline', clientsOwn(200), { id: freshOffer }),
  matrixRow('GET', '/api/provider/waitlist', providersOnly(200), { owner: 'provider' }),
];
