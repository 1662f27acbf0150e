import { createPastAppointment, createReview } from '../helpers/review-factories';
import type { MatrixRow } from './authorization-matrix';
import { clientsOwn, providersOwn } from './expected';
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
function replyRow(method: 'POST' | 'PATCH', comment: string, status: number): MatrixRow {
  return {
    method,
    route: '/api/reviews/:id/reply',
    owner: 'provider',
    request: async (w) => ({
      url: `/api/reviews/${await freshReview(w, method === 'PATCH')}/reply`,
      payload: { comment },
    }),
    expect: providersOwn(status),
  };
}

export const TRUST_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/reviews',
    owner: 'client',
    request: async (w) => ({
      url: '/api/reviews',
      payload: { appointmentId: await completedAppointment(w), rating: 5, comment: 'Great' },
    }),
    expect: clientsOwn(201),
  },
  // Public: a provider's reviews (a token, valid or not, changes nothing).
  {
    method: 'GET',
    route: '/api/providers/:id/reviews',
    owner: 'provider',
    request: (w) => ({ url: `/api/providers/${w.provider.providerId}/reviews` }),
    expect: {
      anonymous: 200,
      garbage: 200,
      expired: 200,
      revoked: 200,
      owner: 200,
      otherClient: 200,
      otherProvider: 200,
      wrongRole: 200,
    },
  },
  replyRow('POST', 'Thank you!', 201),
  replyRow('PATCH', 'Thank you again!', 200),
  {
    method: 'PATCH',
    route: '/api/appointment/provider/no-show/:id',
    owner: 'provider',
    request: async (w) => ({
      url: `/api/appointment/provider/no-show/${await createPastAppointment(
        w.app,
        w.provider,
        w.client,
        { startedMinutesAgo: 30 },
      )}`,
    }),
    expect: providersOwn(200),
  },
];
