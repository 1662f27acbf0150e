import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  /** Completed requests per second over the measured run. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  status: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Average response size, bytes. */
  bytes: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Paths taken in turn, one per request (e.g. varying search terms). */
  paths: string[];
  /** A short unmeasured run first: JIT, caches and pool connections warm. */
  warmup?: number;
  /** A cheap URL of the same process: polled until it answers fast again after a run. */
  idleUrl: string;
}

/**
 * Waits until the process has drained what the last run left in flight (autocannon stops
 * sending, not the server working): otherwise one run's tail is charged to the next.
 */
export async function settle(idleUrl: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(idleUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ok && performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function requestsOf(paths: string[]): Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }),
    },
  ];
}

/** A fixed-concurrency autocannon run, from this process (never the server's). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    connections: options.connections,
    headers: options.headers ?? {},
    timeout: 30,
  };
  if (options.warmup) {
    await autocannon({ ...base, duration: options.warmup, requests: requestsOf(options.paths) });
  }
  await settle(options.idleUrl);
  const result = await autocannon({
    ...base,
    duration: options.duration,
    requests: requestsOf(options.paths),
  });
  await settle(options.idleUrl);
  const status: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    status[code] = count;
  const total = result.requests.total;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: total > 0 ? result.throughput.total / total : 0,
  };
}
