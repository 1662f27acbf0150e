import type { MatrixRow } from './authorization-matrix';
import { signedIn } from './expected';
import { matrixRow } from './matrix-row';

/**
 * People's data rows of the authorization table (docs/product.md §19.5): any signed-in account,
 * whatever its role, exports its own data and may delete its own account. Spread into HTTP_MATRIX.
 *
 * DELETE /api/account acts on the caller, and the table's callers are the world's users, which
 * every later row needs: so each case sends a password that is not the caller's. A valid token
 * of any role then gets 400 (the route is reached, the password checked, nothing deleted), a
 * missing, garbage, expired or revoked one 401. The erasure itself (200, on fresh accounts) is
 * modules/personal-data/personal-data.test.ts.
 */
export const PERSONAL_DATA_ROWS: MatrixRow[] = [
  matrixRow('GET', '/api/account/export', signedIn(200)),
  matrixRow('DELETE', '/api/account', signedIn(400), {
    body: () => ({ password: 'not-the-callers-password' }),
  }),
];
