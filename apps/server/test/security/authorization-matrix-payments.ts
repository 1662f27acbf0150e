import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import { services, timeslots } from '../../src/db/schema';
import type { MatrixRow } from './authorization-matrix';
import { clientsOwn, providersOnly, signedIn } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';

/**
 * Payment rows of the authorization table (docs/decisions/068-payments.md): a client pays and
 * sees only their own payment; either party of an appointment may ask its cancel quote; only
 * providers read earnings. Spread into HTTP_MATRIX.
 */

/** A fresh hold of the world's client on a prepaid slot of the world's provider: its payment id. */
async function freshPayment(w: World): Promise<string> {
  const slot = await w.freshSlot();
  const serviceId = await w.freshService();
  await w.app.database.db
    .update(services)
    .set({ paymentMode: 'prepay', priceCents: 2500 })
    .where(eq(services.id, serviceId));
  await w.app.database.db.update(timeslots).set({ serviceId }).where(eq(timeslots.id, slot.id));
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/appointment/booking',
    headers: { authorization: `Bearer ${await w.freshToken(w.client)}` },
    payload: { timeslotId: slot.id },
  });
  if (res.statusCode !== 201) throw new Error(`matrix: paid booking failed ${res.body}`);
  return res.json<{ appointment: { payment: { id: string } } }>().appointment.payment.id;
}

const range = '?from=2026-01-01&to=2026-12-31';

export const PAYMENT_ROWS: MatrixRow[] = [
  matrixRow('GET', '/api/payments/:id', clientsOwn(200), { id: (w) => w.paymentId }),
  matrixRow('POST', '/api/payments/:id/test-checkout', clientsOwn(200), {
    id: freshPayment,
    body: () => ({ cardNumber: TEST_CARDS.success }),
  }),
  // Its client and its provider; anyone else 404.
  matrixRow(
    'GET',
    '/api/appointment/:id/cancel-quote',
    signedIn(200, { otherClient: 404, otherProvider: 404 }),
    { id: (w) => w.appointmentId },
  ),
  matrixRow('GET', '/api/payments/earnings', providersOnly(200), {
    owner: 'provider',
    url: () => `/api/payments/earnings${range}`,
  }),
  matrixRow('GET', '/api/payments/earnings.csv', providersOnly(200), {
    owner: 'provider',
    url: () => `/api/payments/earnings.csv${range}`,
  }),
];
