import type { ClientToServerEvents, ServerToClientEvents } from '@slotwise/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects like the SPA does (websocket only); rejects with the server's refusal. */
export function connectSocket(baseUrl: string, auth: Record<string, unknown>): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `event` payload, or rejects after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 3_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    // socket.io-client's typed `once` cannot narrow a generic event name; the cast is safe.
    (socket as unknown as { once(e: string, f: (p: unknown) => void): void }).once(
      String(event),
      (payload) => {
        clearTimeout(timer);
        resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
      },
    );
  });
}

/** Collects every `event` payload a socket receives (to prove that nothing arrived). */
export function collect<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
): unknown[] {
  const seen: unknown[] = [];
  (socket as unknown as { on(e: string, f: (p: unknown) => void): void }).on(
    String(event),
    (payload) => seen.push(payload),
  );
  return seen;
}
