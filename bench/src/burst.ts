import net from 'node:net';

/**
 * A burst of HTTP/1.1 requests, one connection each, all opened at the same instant: the booking
 * rush's load generator. Each request is encoded once, written when its connection opens and
 * answered when the server closes it (`Connection: close`); only the status line is read.
 *
 * Why not autocannon (the steady-load scenarios use it): it keeps a full client per connection
 * (request builder, HTTP parser, histograms), and on this machine's 2 shared cores 2,000 of them
 * cost more CPU than the server's work: against bare Fastify with no database the same burst
 * took 2.5–4.2 s through autocannon and 0.7–1.5 s through this client (2-core AMD EPYC, decision
 * 058). The rush measures the server, so the generator must be the lightest part.
 */

export interface BurstRequest {
  method: 'POST' | 'GET';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface BurstResult {
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
  /** Connections that failed or never answered within the timeout. */
  networkErrors: number;
  /** Per request, ms from the burst's start to its answer (answered ones), ascending. */
  latencies: number[];
  /** From the burst's start to the last answer, ms. */
  wallMs: number;
  /**
   * With `bodies`: each request's answer body (null when it had none), in request order — e.g.
   * which staff member a booking went to, or a 409's code.
   */
  bodies?: (string | null)[];
  /** With `bodies`: each request's status (null: no answer), in request order. */
  answerStatuses?: (number | null)[];
}

function encode(url: URL, request: BurstRequest): Buffer {
  const body = request.body ?? '';
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')]);
}

export async function burst(
  baseUrl: string,
  requests: readonly BurstRequest[],
  options: { timeoutMs?: number; bodies?: boolean } = {},
): Promise<BurstResult> {
  const { timeoutMs = 60_000, bodies = false } = options;
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const encoded = requests.map((request) => encode(url, request));
  const started = performance.now();
  const answers = await Promise.all(
    encoded.map(
      (bytes) =>
        new Promise<{ status: number | null; at: number; body: string | null }>((resolve) => {
          const socket = net.connect({ host: url.hostname, port, noDelay: true });
          let head = '';
          /** The whole answer, only when the bodies are asked for. */
          const chunks: Buffer[] = [];
          let settled = false;
          const settle = (status: number | null) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            socket.destroy();
            const whole = Buffer.concat(chunks).toString('utf8');
            const at = whole.indexOf('\r\n\r\n');
            const body = status === null || at < 0 ? null : whole.slice(at + 4);
            resolve({ status, at: performance.now() - started, body });
          };
          const timer = setTimeout(() => settle(null), timeoutMs);
          socket.on('connect', () => socket.write(bytes));
          socket.on('data', (chunk: Buffer) => {
            if (head.length < 12) head += chunk.toString('latin1', 0, 12);
            if (bodies) chunks.push(chunk);
          });
          socket.on('error', () => settle(null));
          socket.on('close', () => {
            const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
            settle(match ? Number(match[1]) : null);
          });
        }),
    ),
  );
  const wallMs = performance.now() - started;
  const statuses: Record<string, number> = {};
  let networkErrors = 0;
  const latencies: number[] = [];
  for (const { status, at } of answers) {
    if (status === null) {
      networkErrors += 1;
      continue;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    latencies.push(at);
  }
  latencies.sort((a, b) => a - b);
  return {
    statuses,
    networkErrors,
    latencies,
    wallMs,
    ...(bodies
      ? {
          bodies: answers.map((answer) => answer.body),
          answerStatuses: answers.map((answer) => answer.status),
        }
      : {}),
  };
}

/** The p-th percentile (0–100) of ascending values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
