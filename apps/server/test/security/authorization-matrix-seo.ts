import type { MatrixRow } from './authorization-matrix';
import { everyone } from './expected';
import { matrixRow } from './matrix-row';

/**
 * Pages search engines read (docs/product.md §21.2, docs/decisions/075-search-engine-pages.md):
 * public HTML, the same for every caller whatever their token (a token is never read there).
 * Spread into HTTP_MATRIX.
 */
export const SEO_ROWS: MatrixRow[] = [
  matrixRow('GET', '/providers/:id', everyone(200), { id: (w) => w.provider.providerId! }),
  matrixRow('GET', '/businesses/:id', everyone(200), { id: (w) => w.businessId }),
  matrixRow('GET', '/providers', everyone(200)),
  matrixRow('GET', '/sitemap.xml', everyone(200)),
  matrixRow('GET', '/robots.txt', everyone(200)),
];
