import { createPastAppointment, createReview } from '../helpers/review-factories';
import type { MatrixRow } from './authorization-matrix';
import { anyoneTokenChecked, clientsOwn, providersOwn } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';
import { asUser } from '../helpers/requests';

/**
 * Trust rows of the authorization table (reviews, replies, no-shows): spread into HTTP_MATRIX.
 * Each case works on resources of its own (a fresh completed appointment, review or reply).
 */

/** A completed appointment of the world's client with the world's provider. */
const completedAppointment = (w: World) => createPastAppointment(w.app, w.provider, w.client);

/** A review by the world's client of the world's provider, optionally already answered. */
async function freshReview(w: World, replied = false): Promise<string> {
  const id = await createReview(w.app, w.provider, w.client, 4, 'Good');
  if (replied) {
    const res = await asUser(w.app, w.provider).post(`/api/reviews/${id}/reply`, {
      comment: 'Thanks!',
    });
    if (res.statusCode !== 201) throw new Error(`world: reply failed ${res.body}`);
  }
  return id;
}

/** The provider replies to a fresh review (POST) or edits the reply it already has (PATCH). */
const replyRow = (method: 'POST' | 'PATCH', comment: string, status: number) =>
  matrixRow(method, '/api/reviews/:id/reply', providersOwn(status), {
    owner: 'provider',
    id: (w) => freshReview(w, method === 'PATCH'),
    body: () => ({ comment }),
  });

export const TRUST_ROWS: MatrixRow[] = [
  matrixRow('POST', '/api/reviews', clientsOwn(201), {
    body: async (w) => ({
      appointmentId: await completedAppointment(w),
      rating: 5,
      comment: 'Great',
    }),
  }),
  // Public: a provider's reviews (a token, valid or not, changes nothing).
  matrixRow('GET', '/api/providers/:id/reviews', anyoneTokenChecked(200), {
    owner: 'provider',
    id: (w) => w.provider.providerId,
  }),
  replyRow('POST', 'Thank you!', 201),
  replyRow('PATCH', 'Thank you again!', 200),
  matrixRow('PATCH', '/api/appointment/provider/no-show/:id', providersOwn(200), {
    owner: 'provider',
    id: (w) => createPastAppointment(w.app, w.provider, w.client, { startedMinutesAgo: 30 }),
  }),
];
