import type { MatrixRow } from './authorization-matrix';
import { adminsOnly } from './expected';
import { matrixRow } from './matrix-row';

/**
 * Marketplace figures rows of the authorization table (docs/product.md §19.2): operators only,
 * 401 without a token, 403 to clients and providers. Spread into HTTP_MATRIX.
 */
export const FIGURES_ROWS: MatrixRow[] = [
  matrixRow('GET', '/api/admin/figures', adminsOnly(200), { owner: 'admin' }),
];
