import { DATASET, SEARCH_QUERIES } from '../dataset';
import { clientUserId, providerId, providerUserId } from '../ids';
import { type LoadResult, runLoad } from '../load';
import { mintToken } from '../tokens';
import { WEEK_ENDPOINT } from './week';

/** One read endpoint: its path on the real server and the same service call on the floor. */
export interface ReadEndpoint {
  key: 'search' | 'slots' | 'appointments' | 'stats' | 'week';
  scenario: 'search' | 'slots' | 'dashboard' | 'week';
  label: string;
  /** Paths on the real server, taken in turn. */
  paths: string[];
  /** The same work on the floor process. */
  floorPaths: string[];
  role: 'client' | 'provider';
  /** The provider who asks (default: the dashboard provider). */
  providerIndex?: number;
  /** Checks one answer of the real server before measuring. */
  check(body: unknown): string | null;
}

const dashboardProviderId = providerId(DATASET.dashboardProvider.index);
const slotsProviderId = providerId(DATASET.slotsProvider.index);

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
    key: 'slots',
    scenario: 'slots',
    label: 'available slots (2,000-slot provider)',
    paths: [`/api/search/providers/${slotsProviderId}/available-slots`],
    floorPaths: [`/slots/${slotsProviderId}`],
    role: 'client',
    check: (body) => {
      const count = (body as { availableSlots?: unknown[] }).availableSlots?.length ?? 0;
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
    key: 'stats',
    scenario: 'dashboard',
    label: 'dashboard: stats',
    paths: ['/api/stats/'],
    floorPaths: [`/stats/${dashboardProviderId}`],
    role: 'provider',
    check: (body) => ((body as { stats?: object }).stats ? null : 'no stats'),
  },
  WEEK_ENDPOINT,
];

export async function authHeaders(
  role: 'client' | 'provider',
  index: number = DATASET.dashboardProvider.index,
) {
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
  const res = await fetch(`${baseUrl}${endpoint.paths[0]}`, { headers });
  const body: unknown = await res.json();
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
    idleUrl: `${floorUrl}/hello`,
    ...options,
  });
}
