import type { MatrixRow } from './authorization-matrix';
import { everyone, providersOnly } from './expected';
import { matrixRow } from './matrix-row';

/**
 * Stripe rows of the authorization table (docs/decisions/068-payments.md): spread into
 * HTTP_MATRIX. The matrix's app has no Stripe keys, like a server that uses the embedded test
 * provider.
 */
export const STRIPE_ROWS: MatrixRow[] = [
  // Stripe signs its deliveries: the signature is the credential, a bearer token changes
  // nothing; without it (and without a webhook secret) every delivery is refused.
  matrixRow('POST', '/api/payments/webhooks/stripe', everyone(400)),
  // A provider's own Connect account; opening one needs Stripe: 409 on a server without it.
  matrixRow('GET', '/api/payments/connect', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/payments/connect', providersOnly(409), { owner: 'provider' }),
];
