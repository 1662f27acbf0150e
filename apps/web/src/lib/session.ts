import type { AccountRole } from '@slotwise/shared/enums';
import { useSyncExternalStore } from 'react';

/**
 * Session storage (docs/product.md §3, §9): the JWT lives in localStorage under 'token' (survives tabs and
 * restarts), the signed-in user's display data in sessionStorage under 'user'.
 * The token is only decoded here, never verified: the server is the authority, and a 401 from
 * it clears the session (see api-client.ts).
 */

/** An operator (`admin`, docs/decisions/072-operating-the-marketplace.md) signs in like anyone. */
export type Role = AccountRole;

export interface StoredUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  profileImageUrl: string | null;
  providerId: string | null;
}

export interface Session {
  token: string;
  userId: string;
  role: Role;
  providerId: string | null;
  /** Expiry in seconds since the epoch (JWT `exp`), or null when the token has none. */
  exp: number | null;
}

export const TOKEN_KEY = 'token';
/**
 * The upcoming appointments kept for offline use (lib/offline-appointments.ts, docs/product.md
 * §20.1): named here so that signing out forgets them without loading that module.
 */
export const OFFLINE_APPOINTMENTS_KEY = 'slotwise:offline-appointments';
export const USER_KEY = 'user';
/** Dispatched on window whenever this tab changes the session. */
export const SESSION_CHANGE_EVENT = 'slotwise:session-change';

/**
 * Where the session lives when the browser refuses storage (privacy mode, a sandboxed iframe, or
 * the booking widget framed by another site with third-party site data blocked,
 * docs/product.md §21.3): this page's memory, for as long as it is open.
 */
const memory = new Map<string, string>();

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeStorage(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export function getToken(): string | null {
  return readStorage(local, TOKEN_KEY);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRole(value: unknown): value is Role {
  return value === 'client' || value === 'provider' || value === 'admin';
}

/** Decodes a JWT's payload into a Session; null when malformed or expired at `now` (ms). */
export function decodeSession(token: string, now: number = Date.now()): Session | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  // docs/product.md §3: the token carries userId (or id) and providerId.
  const userId = payload.userId ?? payload.id;
  if (typeof userId !== 'string' || userId === '') return null;
  if (!isRole(payload.role)) return null;
  const providerId = typeof payload.providerId === 'string' ? payload.providerId : null;
  let exp: number | null = null;
  if (payload.exp !== undefined) {
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
    exp = payload.exp;
    if (exp * 1000 <= now) return null;
  }
  return { token, userId, role: payload.role, providerId, exp };
}

/** The current session from localStorage, or null when signed out, expired or malformed. */
export function getSession(now: number = Date.now()): Session | null {
  const token = getToken();
  return token ? decodeSession(token, now) : null;
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string' &&
    typeof value.email === 'string' &&
    isRole(value.role) &&
    (value.profileImageUrl === null || typeof value.profileImageUrl === 'string') &&
    (value.providerId === null || typeof value.providerId === 'string')
  );
}

export function getStoredUser(): StoredUser | null {
  const raw = readStorage(session, USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function notifyChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

export function saveSession(token: string, user: StoredUser): void {
  writeStorage(local, TOKEN_KEY, token);
  writeStorage(session, USER_KEY, JSON.stringify(user));
  notifyChange();
}

/** Replaces the stored user (e.g. after a profile update) without touching the token. */
export function updateStoredUser(user: StoredUser): void {
  writeStorage(session, USER_KEY, JSON.stringify(user));
  notifyChange();
}

export function clearSession(): void {
  writeStorage(local, TOKEN_KEY, null);
  // What this account kept for offline use goes with it (docs/product.md §20.1).
  writeStorage(local, OFFLINE_APPOINTMENTS_KEY, null);
  writeStorage(session, USER_KEY, null);
  notifyChange();
}

// ---- React binding -------------------------------------------------------------------------

export interface SessionState {
  session: Session | null;
  user: StoredUser | null;
}

interface Snapshot {
  rawToken: string | null;
  rawUser: string | null;
  state: SessionState;
}

let snapshot: Snapshot | null = null;

function readSnapshot(): SessionState {
  const rawToken = getToken();
  const rawUser = readStorage(session, USER_KEY);
  const now = Date.now();
  const cached = snapshot;
  const stillValid =
    cached !== null &&
    cached.rawToken === rawToken &&
    cached.rawUser === rawUser &&
    (cached.state.session?.exp == null || cached.state.session.exp * 1000 > now);
  if (stillValid) return cached.state;
  const state: SessionState = {
    session: rawToken ? decodeSession(rawToken, now) : null,
    user: getStoredUser(),
  };
  snapshot = { rawToken, rawUser, state };
  return state;
}

const MAX_TIMEOUT = 2_147_483_647;

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Re-render when the token expires while the page is open.
  const scheduleExpiry = () => {
    clearTimeout(timer);
    const exp = readSnapshot().session?.exp;
    if (exp == null) return;
    const delay = Math.min(MAX_TIMEOUT, Math.max(0, exp * 1000 - Date.now()) + 50);
    timer = setTimeout(handle, delay);
  };
  const handle = () => {
    onChange();
    scheduleExpiry();
  };
  window.addEventListener(SESSION_CHANGE_EVENT, handle);
  window.addEventListener('storage', handle); // other tabs signing in or out
  scheduleExpiry();
  return () => {
    clearTimeout(timer);
    window.removeEventListener(SESSION_CHANGE_EVENT, handle);
    window.removeEventListener('storage', handle);
  };
}

const serverSnapshot: SessionState = { session: null, user: null };

/**
 * The current session (valid and unexpired, else null) and the stored user; re-renders on
 * sign-in, sign-out (in this tab or another) and token expiry.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, readSnapshot, () => serverSnapshot);
}

/** Where each role lands after login and when it opens the other role's area (docs/product.md §6). */
export const HOME_PATH: Readonly<Record<Role, string>> = {
  provider: '/dashboard',
  client: '/client',
  admin: '/admin',
};
