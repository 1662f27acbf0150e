import { Worker } from 'node:worker_threads';
import type { BusyInterval } from './source';
import { CalendarReadError } from './source';

/**
 * `busyFromIcs` (parse-ics.ts) on a worker thread of its own, so a feed's parse never holds the
 * event loop that answers requests (docs/decisions/090-calendar-parse-off-thread.md). A polled
 * 40-event feed is 4–9 ms of node-ical in one stretch; at one instance's polling rate that was
 * enough to move the p99 of every read on a busy server.
 *
 * One thread for the process, started on the first feed and ended after ten minutes without one;
 * it keeps the process alive only while a feed is being parsed. Each answer names its request,
 * so feeds asked for together may finish in any order.
 */

export interface ParseRequest {
  id: number;
  text: string;
  from: number;
  to: number;
}

export type ParseReply =
  | { id: number; instants: Float64Array }
  | { id: number; readError: string }
  | { id: number; failure: string };

/** Longer than the poll interval (5 minutes): an instance that polls keeps its thread warm. */
const IDLE_MS = 10 * 60_000;

/**
 * The thread's own heap: a feed that would need more fails on its thread, in words, and the
 * server goes on (the parse's other limits, parse-ics.ts, keep every real calendar far below).
 */
const resourceLimits = { maxOldGenerationSizeMb: 512 };

interface Pending {
  resolve: (blocks: BusyInterval[]) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The worker's file beside this module: the built `parse-ics-worker.js` beside `dist/main.js`,
 * or, under tsx and vitest, the TypeScript source, loaded through tsx's loader registered in the
 * thread first (a worker does not inherit the loader of the thread that starts it).
 */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./parse-ics-worker.js', import.meta.url), { resourceLimits });
  }
  const source = new URL('./parse-ics-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, resourceLimits },
  );
}

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const thread = newWorker();
  thread.unref();
  thread.on('message', (reply: ParseReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('instants' in reply) {
      const blocks: BusyInterval[] = [];
      for (let i = 0; i < reply.instants.length; i += 2) {
        blocks.push({
          startsAt: new Date(reply.instants[i]!),
          endsAt: new Date(reply.instants[i + 1]!),
        });
      }
      waiting.resolve(blocks);
    } else if ('readError' in reply) {
      waiting.reject(new CalendarReadError(reply.readError));
    } else {
      waiting.reject(new Error(`calendar parse failed: ${reply.failure}`));
    }
    if (pending.size === 0) {
      thread.unref();
      idleAfterLast();
    }
  });
  const gone = (error: Error) => {
    if (worker !== thread) return;
    worker = null;
    failAll(error);
  };
  thread.on('error', (error: Error & { code?: string }) =>
    gone(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new CalendarReadError('The calendar is too large to read')
        : error,
    ),
  );
  thread.on('exit', (code) => gone(new Error(`calendar parse thread exited (${code})`)));
  worker = thread;
  return thread;
}

function idleAfterLast(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (pending.size > 0 || !worker) return;
    const thread = worker;
    worker = null;
    void thread.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/** The busy time of an iCalendar text between `from` and `to`, parsed off the event loop. */
export function busyFromIcsOffThread(
  text: string,
  range: { from: Date; to: Date },
): Promise<BusyInterval[]> {
  const thread = started();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const id = nextId++;
  const request: ParseRequest = { id, text, from: range.from.getTime(), to: range.to.getTime() };
  return new Promise<BusyInterval[]>((resolve, reject) => {
    if (pending.size === 0) thread.ref();
    pending.set(id, { resolve, reject });
    thread.postMessage(request);
  });
}
