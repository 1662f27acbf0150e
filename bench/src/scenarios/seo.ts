import { providerId } from '../ids';
import type { ReadEndpoint } from './read-endpoint';

/**
 * A provider's search engine page (docs/product.md §21.2, docs/decisions/075): the first HTML
 * answer of `/providers/:id`, anonymous, as a crawler or a visitor's first load asks for it.
 * Twenty ordinary seeded providers in turn (two services and ratings each), so after the first
 * round every answer is the cached page; the floor renders the same page on bare Fastify with
 * no cache (the service functions and the same HTML).
 */
const SEO_PROVIDERS = Array.from({ length: 20 }, (_, i) => providerId(100 + i));

export const SEO_ENDPOINT: ReadEndpoint = {
  key: 'seo',
  scenario: 'seo',
  label: 'seo: /providers/:id first HTML (20 providers, cached)',
  paths: SEO_PROVIDERS.map((id) => `/providers/${id}`),
  floorPaths: SEO_PROVIDERS.map((id) => `/seo-page/${id}`),
  role: 'anonymous',
  html: true,
  targets: { minRps: 1000, maxP99Ms: 50 },
  check: (body) => {
    const html = String(body);
    if (!html.includes('application/ld+json')) return 'no JSON-LD';
    if (!html.includes('<link rel="canonical"')) return 'no canonical';
    return html.includes('<h1>') ? null : 'no visible name';
  },
};
