import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { busyFromIcs } from './parse-ics';
import type { ParseReply, ParseRequest } from './parse-ics-off-thread';
import { CalendarReadError } from './source';

/**
 * The thread that parses calendar feeds (parse-ics-off-thread.ts,
 * docs/decisions/090-calendar-parse-off-thread.md). Feeds sent together are parsed side by side,
 * taking turns at busyFromIcs's pauses; each answer names its request.
 */
const port = parentPort;
const PARSE_THREAD_NICE = 10;
if (!port) throw new Error('parse-ics-worker runs as a worker thread');

lowerThisThreadsPriority();

/**
 * Linux schedules threads one by one: this thread's nice value (10) makes its parse run on what
 * requests and the database leave of the cores, not in turn with them. Elsewhere, or where it is
 * not allowed, the thread keeps the process's priority.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (Number.isInteger(threadId)) setPriority(threadId, PARSE_THREAD_NICE);
  } catch {
    // Not Linux, or not allowed: the same priority as the requests.
  }
}

port.on('message', (request: ParseRequest) => {
  const range = { from: new Date(request.from), to: new Date(request.to) };
  busyFromIcs(request.text, range).then(
    (blocks) => {
      // Instants as numbers: a flat array crosses the thread boundary cheaply.
      const instants = new Float64Array(blocks.length * 2);
      blocks.forEach((block, i) => {
        instants[2 * i] = block.startsAt.getTime();
        instants[2 * i + 1] = block.endsAt.getTime();
      });
      const reply: ParseReply = { id: request.id, instants };
      port.postMessage(reply, [instants.buffer]);
    },
    (error: unknown) => {
      const reply: ParseReply =
        error instanceof CalendarReadError
          ? { id: request.id, readError: error.message }
          : { id: request.id, failure: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    },
  );
});
