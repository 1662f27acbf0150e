import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@slotwise/shared/realtime';
import { io, type Socket } from 'socket.io-client';
import type { Session } from './session';

/** The app's socket.io connection, typed with the shared contract (packages/shared/realtime). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * docs/product.md §7, §9 and docs/product.md §10: same origin, path /socket.io, websocket transport only (no polling
 * fallback), cookies sent, 5 reconnection attempts starting 1 s apart and backing off to at most
 * 5 s, 20 s to connect.
 */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 20_000,
} as const;

/**
 * Opens a socket for a signed-in session. The handshake carries the token, userId and providerId
 * as docs/product.md §7 describes; the server trusts only the token (it takes the user from it).
 */
export function createSocket(session: Session): AppSocket {
  return io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token: session.token, userId: session.userId, providerId: session.providerId },
  });
}
