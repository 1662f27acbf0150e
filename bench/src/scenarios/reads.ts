import { CATEGORY_SLUGS, CITIES, DATASET, SEARCH_QUERIES } from '../dataset';
import { clientUserId, providerId, providerUserId } from '../ids';
import { type LoadResult, runLoad } from '../load';
import { mintToken } from '../tokens';
import type { ReadEndpoint } from './read-endpoint';
import { SEO_ENDPOINT } from './seo';
import { TEAMS_ENDPOINT } from './teams';
import { WEEK_ENDPOINT } from './week';

const dashboardProviderId = providerId(DATASET.dashboardProvider.index);
const slotsProviderId = providerId(DATASET.slotsProvider.index);

/** The first two 14-day windows of available slots (days in UTC, the seeded providers' zone). */
const SLOT_WINDOWS = [0, 14].map((start) => ({
  from: dayFromToday(start),
  to: dayFromToday(start + 13),
}));

export const READ_ENDPOINTS: ReadEndpoint[] = [
  {
    key: 'search',
    scenario: 'search',
    label: 'search q= (100k providers)',
    paths: SEARCH_QUERIES.map((q) => `/api/search/providers?q=${encodeURIComponent(q)}`),
    floorPaths: SEARCH_QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`),
    role: 'client',
    check: (body) =>
      (body as { providers?: unknown[] }).providers?.length ? null : 'search found nothing',
  },
  {
    // The screens ask for the 14 days they show (decision 054); the first two windows
    // in turn, as a client opening the page and paging on once.
    key: 'slots',
    scenario: 'slots',
    label: 'available slots: 14-day window (2,000-slot provider)',
    paths: SLOT_WINDOWS.map(
      (w) => `/api/search/providers/${slotsProviderId}/available-slots?from=${w.from}&to=${w.to}`,
    ),
    floorPaths: SLOT_WINDOWS.map((w) => `/slots/${slotsProviderId}?from=${w.from}&to=${w.to}`),
    role: 'client',
    targets: { minRps: 1500, maxP99Ms: 50 },
    check: (body) => {
      const window = body as { availableSlots?: unknown[]; from?: string; to?: string };
      const count = window.availableSlots?.length ?? 0;
      if (window.from !== SLOT_WINDOWS[0]!.from) return `window from ${window.from}`;
      return count > 0 ? null : 'no available slots';
    },
  },
  {
    key: 'appointments',
    scenario: 'dashboard',
    label: 'dashboard: provider/view (5,000 appts)',
    paths: ['/api/appointment/provider/view'],
    floorPaths: [`/provider-view/${dashboardProviderId}`],
    role: 'provider',
    check: (body) => {
      const count = (body as { appointments?: unknown[] }).appointments?.length ?? 0;
      return count === DATASET.dashboardProvider.appointments ? null : `${count} appointments`;
    },
  },
  {
    // The screens ask for the first page (decision 052), not the 5,000.
    key: 'appointmentsPage',
    scenario: 'dashboard',
    label: 'dashboard: provider/view?limit=20 (first page)',
    paths: ['/api/appointment/provider/view?limit=20'],
    floorPaths: [`/provider-view-page/${dashboardProviderId}`],
    role: 'provider',
    targets: { minRps: 1000, maxP99Ms: 50 },
    check: (body) => {
      const page = body as { appointments?: { status: string }[]; nextCursor?: string | null };
      const count = page.appointments?.length ?? 0;
      if (count !== 20 || !page.nextCursor) return `${count} appointments, no nextCursor`;
      return page.appointments!.every((a) => a.status === 'booked') ? null : 'not upcoming first';
    },
  },
  {
    key: 'stats',
    scenario: 'dashboard',
    label: 'dashboard: stats',
    paths: ['/api/stats/'],
    floorPaths: [`/stats/${dashboardProviderId}`],
    role: 'provider',
    check: (body) => ((body as { stats?: object }).stats ? null : 'no stats'),
  },
  WEEK_ENDPOINT,
  TEAMS_ENDPOINT,
  SEO_ENDPOINT,
];

export async function authHeaders(
  role: 'client' | 'provider' | 'anonymous',
  index: number = DATASET.dashboardProvider.index,
): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  const token =
    role === 'client'
      ? await mintToken({ userId: clientUserId(1), role: 'client', providerId: null })
      : await mintToken({
          userId: providerUserId(index),
          role: 'provider',
          providerId: providerId(index),
        });
  return { authorization: `Bearer ${token}` };
}

export interface ReadRunOptions {
  connections: number;
  duration: number;
  warmup: number;
}

/** Measures one endpoint on the real server, after checking that it answers correctly. */
export async function measureEndpoint(
  baseUrl: string,
  endpoint: ReadEndpoint,
  options: ReadRunOptions,
): Promise<LoadResult> {
  const headers = await authHeaders(endpoint.role, endpoint.providerIndex);
  if (endpoint.resolve) Object.assign(endpoint, await endpoint.resolve(baseUrl));
  if (endpoint.paths.length === 0) throw new Error(`${endpoint.label}: no path to measure`);
  const res = await fetch(`${baseUrl}${endpoint.paths[0]}`, { headers });
  const body: unknown = endpoint.html ? await res.text() : await res.json();
  const problem = res.status === 200 ? endpoint.check(body) : `status ${res.status}`;
  if (problem)
    throw new Error(`${endpoint.label}: ${problem}: ${JSON.stringify(body).slice(0, 300)}`);
  return runLoad({
    url: baseUrl,
    headers,
    paths: endpoint.paths,
    idleUrl: `${baseUrl}/api/health`,
    ...options,
  });
}

/** The same work on the floor process (no auth there). */
export async function measureFloor(
  floorUrl: string,
  endpoint: ReadEndpoint,
  options: ReadRunOptions,
): Promise<LoadResult> {
  const res = await fetch(`${floorUrl}${endpoint.floorPaths[0]}`);
  if (res.status !== 200) throw new Error(`floor ${endpoint.label}: status ${res.status}`);
  return runLoad({
    url: floorUrl,
    paths: endpoint.floorPaths,
    idleUrl: `${floorUrl}/hello-db`,
    ...options,
  });
}

// ---- Public discovery (docs/product.md §11.2): one endpoint per filter combination -------------

/** `YYYY-MM-DD`, `days` after today (UTC: every seeded user lives in UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const near = (city: (typeof CITIES)[number]) => `near=${city.lat},${city.lng}`;

/** Each combination of filters and orders the acceptance names, as anonymous visitors ask. */
const DISCOVERY_COMBINATIONS: { key: string; label: string; queries: string[] }[] = [
  {
    key: 'q-broad',
    label: "q broad ('ana', 'maria', 'cleaner', …)",
    queries: ['ana', 'maria', 'mich', 'dav', 'john', 'cleaner', 'plumber', 'tutor'].map(
      (q) => `q=${q}`,
    ),
  },
  {
    key: 'q-narrow',
    label: "q narrow ('ana lopez', 'wei chen', …)",
    queries: ['ana lopez', 'maria garcia', 'wei chen', 'john smith', 'tanaka'].map(
      (q) => `q=${encodeURIComponent(q)}`,
    ),
  },
  { key: 'category', label: 'category', queries: CATEGORY_SLUGS.map((c) => `category=${c}`) },
  {
    key: 'near',
    label: 'near + radiusKm=25',
    queries: CITIES.map((c) => `${near(c)}&radiusKm=25`),
  },
  {
    key: 'near-date',
    label: 'near + date',
    queries: CITIES.flatMap((c, i) => [`${near(c)}&date=${dayFromToday(1 + (i % 9))}`]),
  },
  {
    key: 'near-date-part',
    label: 'near + date + partOfDay',
    queries: CITIES.map(
      (c, i) =>
        `${near(c)}&date=${dayFromToday(1 + (i % 9))}&partOfDay=${['morning', 'afternoon', 'evening'][i % 3]}`,
    ),
  },
  {
    key: 'part-of-day',
    label: 'partOfDay, any day',
    queries: ['morning', 'afternoon', 'evening'].map((part) => `partOfDay=${part}`),
  },
  {
    key: 'price-max',
    label: 'priceMax',
    queries: [2000, 3000, 5000, 8000].map((p) => `priceMax=${p}`),
  },
  {
    key: 'min-rating',
    label: 'minRating',
    queries: ['4', '4.5', '3.5'].map((r) => `minRating=${r}`),
  },
  { key: 'sort-rating', label: 'sort=rating', queries: ['sort=rating'] },
  {
    key: 'sort-distance',
    label: 'near + sort=distance',
    queries: CITIES.map((c) => `${near(c)}&sort=distance`),
  },
  { key: 'sort-soonest', label: 'sort=soonest', queries: ['sort=soonest'] },
  {
    key: 'sort-soonest-filtered',
    label: 'sort=soonest + category or date',
    queries: [
      ...CATEGORY_SLUGS.map((c) => `sort=soonest&category=${c}`),
      ...[1, 2, 3].map((d) => `sort=soonest&date=${dayFromToday(d)}`),
    ],
  },
  { key: 'sort-price', label: 'sort=price', queries: ['sort=price'] },
  {
    key: 'combined',
    label: 'q + category + near + price + rating, by rating',
    queries: CITIES.slice(0, 5).map(
      (c) => `q=an&category=barber&${near(c)}&radiusKm=100&priceMax=15000&minRating=3&sort=rating`,
    ),
  },
];

export const DISCOVERY_ENDPOINTS: ReadEndpoint[] = [
  ...DISCOVERY_COMBINATIONS.map((combination): ReadEndpoint => ({
    key: `discovery:${combination.key}`,
    scenario: 'discovery',
    label: `discovery: ${combination.label}`,
    paths: combination.queries.map((q) => `/api/search/providers?${q}`),
    floorPaths: combination.queries.map((q) => `/discover?${q}`),
    role: 'anonymous',
    check: (body) =>
      (body as { providers?: unknown[] }).providers?.length ? null : 'found nothing',
  })),
  {
    key: 'discovery:cursor',
    scenario: 'discovery',
    label: 'discovery: page 2 by cursor (category, by rating)',
    paths: [],
    floorPaths: [],
    role: 'anonymous',
    async resolve(baseUrl) {
      // Each category's first page gives its cursor. A first page that fails is said as such,
      // not turned into an empty list of paths (which read as 'http://…undefined').
      const queries: string[] = [];
      const failed: string[] = [];
      for (const category of CATEGORY_SLUGS) {
        const first = `category=${category}&sort=rating`;
        const res = await fetch(`${baseUrl}/api/search/providers?${first}`);
        if (!res.ok) {
          failed.push(`${category}: status ${res.status} ${(await res.text()).slice(0, 120)}`);
          continue;
        }
        const { nextCursor } = (await res.json()) as { nextCursor: string | null };
        if (nextCursor) queries.push(`${first}&cursor=${encodeURIComponent(nextCursor)}`);
      }
      if (queries.length === 0) {
        throw new Error(
          `no category's first page by rating gave a cursor${failed.length ? `: ${failed.join('; ')}` : ''}`,
        );
      }
      return {
        paths: queries.map((q) => `/api/search/providers?${q}`),
        floorPaths: queries.map((q) => `/discover?${q}`),
      };
    },
    check: (body) =>
      (body as { providers?: unknown[] }).providers?.length ? null : 'page 2 is empty',
  },
];

/** Every read endpoint, in the order they are measured and printed. */
export const ALL_READ_ENDPOINTS = [...READ_ENDPOINTS, ...DISCOVERY_ENDPOINTS];
