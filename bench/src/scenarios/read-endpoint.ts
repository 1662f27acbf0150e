/** One read endpoint: its path on the real server and the same service call on the floor. */
export interface ReadEndpoint {
  key: string;
  /** Absolute targets (bench/README.md) instead of the share of the floor. */
  targets?: { minRps: number; maxP99Ms: number };
  scenario: 'search' | 'slots' | 'dashboard' | 'week' | 'discovery' | 'teams' | 'seo';
  label: string;
  /** Paths on the real server, taken in turn. */
  paths: string[];
  /** The same work on the floor process. */
  floorPaths: string[];
  role: 'client' | 'provider' | 'anonymous';
  /**
   * Paths that need the server first (a cursor of page 1): replaces `paths` and `floorPaths`
   * (the floor shares the server's secret, so a cursor is valid on both).
   */
  resolve?(baseUrl: string): Promise<{ paths: string[]; floorPaths: string[] }>;
  /** The provider who asks (default: the dashboard provider). */
  providerIndex?: number;
  /** The answer is HTML (its text is checked), not JSON. */
  html?: boolean;
  /** Checks one answer of the real server before measuring. */
  check(body: unknown): string | null;
}
