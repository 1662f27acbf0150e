import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { clockIn } from '@slotwise/shared/dates';
import { expect } from 'vitest';
import { newPage, screenshot, type OpenedPage } from './browser';
import { waitForVerificationLink } from './mail';
import { testServer } from './test-server';

/**
 * Accounts, slots and bookings made through the real API, as the product makes them, for
 * browser tests that are not about signing up.
 */

export const PASSWORD = 'Secret123';

/**
 * A zone where it is between 01:00 and 19:59 right now, so that slots later "today" still fit
 * whenever the tests run (the zones span UTC−11 … UTC+14, so one always qualifies). Use it for
 * the provider, the client and the browser alike.
 */
export function zoneWithRoomToday(): string {
  const zones = [
    'Pacific/Pago_Pago',
    'Pacific/Honolulu',
    'America/Los_Angeles',
    'America/New_York',
    'America/Sao_Paulo',
    'UTC',
    'Europe/Berlin',
    'Asia/Dubai',
    'Asia/Kolkata',
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Pacific/Auckland',
    'Pacific/Kiritimati',
  ];
  const hourIn = (zone: string) => Number(clockIn(zone).time.slice(0, 2));
  const fitting = zones.filter((zone) => hourIn(zone) >= 1 && hourIn(zone) <= 19);
  fitting.sort((a, b) => hourIn(a) - hourIn(b));
  if (!fitting[0]) throw new Error('No zone with room for slots later today');
  return fitting[0];
}

export interface Session {
  token: string;
  user: Record<string, unknown>;
  email: string;
}

export async function api(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Record<string, unknown>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const response = await fetch(`${testServer().baseURL}/api${path}`, { ...init, headers });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  }
  return body;
}

export function send(method: string, path: string, body: unknown, token?: string) {
  return api(path, {
    method,
    token,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export interface SignUpOptions {
  role: 'client' | 'provider';
  firstName: string;
  lastName: string;
  zone: string;
  /** Provider profile (providers only). */
  specialty?: string;
  bio?: string;
  /** A profile picture (PNG bytes). */
  picture?: Buffer;
}

/** Register, (provider: complete the profile,) verify through the emailed link, log in. */
export async function signUp(options: SignUpOptions): Promise<Session> {
  const email = `${options.role}-${randomUUID().slice(0, 8)}@example.test`;
  const form = new FormData();
  form.set('firstName', options.firstName);
  form.set('lastName', options.lastName);
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('role', options.role);
  form.set('timezone', options.zone);
  if (options.picture) {
    form.set(
      'profilePic',
      new Blob([new Uint8Array(options.picture)], { type: 'image/png' }),
      'me.png',
    );
  }
  const { userId } = await api('/auth/register', { method: 'POST', body: form });
  if (options.role === 'provider') {
    await send('POST', '/auth/register/provider', {
      userId,
      specialty: options.specialty ?? 'Barber',
      bio: options.bio ?? '',
    });
  }
  const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
  await send('POST', '/auth/verify-email', { token: link.searchParams.get('token') });
  const login = await send('POST', '/auth/login', { email, password: PASSWORD });
  return { token: login.token as string, user: login.user as Record<string, unknown>, email };
}

/** A slot (times 'HH:MM'); returns its id. */
export async function createSlot(
  provider: Session,
  day: string,
  start: string,
  end: string,
): Promise<string> {
  const { slot } = await send(
    'POST',
    '/timeslots/create',
    { day, startTime: `${start}:00`, endTime: `${end}:00` },
    provider.token,
  );
  return (slot as { id: string }).id;
}

/** Books a slot for the client; returns the appointment id. */
export async function book(client: Session, timeslotId: string): Promise<string> {
  const { appointment } = await send('POST', '/appointment/booking', { timeslotId }, client.token);
  return (appointment as { appointment_id: string }).appointment_id;
}

/** Signed in as the login screen leaves it (docs/product.md §3): token in localStorage, user in sessionStorage. */
export async function openSignedIn(
  browser: Browser,
  session: Session | null,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const opened = await newPage(browser, options);
  if (session) {
    await opened.context.addInitScript((s: { token: string; user: unknown }) => {
      window.localStorage.setItem('token', s.token);
      window.sessionStorage.setItem('user', JSON.stringify(s.user));
    }, session);
  }
  return opened;
}

/**
 * After a test: a screenshot when it failed, then no uncaught errors, console errors (other
 * than `expected`) or CSP violations in the page; closes it.
 */
export async function closeChecked(
  opened: OpenedPage,
  name: string,
  failed: boolean,
  expected: RegExp[] = [],
): Promise<void> {
  const { page, problems, close } = opened;
  try {
    if (failed) await screenshot(page, name).catch(() => undefined);
    expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
    const unexpected = problems.consoleErrors.filter(
      (message) => !expected.some((pattern) => pattern.test(message)),
    );
    expect(unexpected, 'console errors').toEqual([]);
    expect(problems.cspViolations, 'CSP violations').toEqual([]);
  } finally {
    await close();
  }
}

export interface ListedProviderOptions {
  firstName: string;
  lastName: string;
  zone: string;
  specialty: string;
  bio: string;
  category: string;
  placeId: string;
  /** The street address (at the provider's place). */
  address?: string;
}

/**
 * A provider listed in public discovery: registered, onboarded with a category and a place
 * (clients come to them), verified through the emailed link, logged in.
 */
export async function signUpListedProvider(
  options: ListedProviderOptions,
): Promise<Session & { providerId: string }> {
  const email = `provider-${randomUUID().slice(0, 8)}@example.test`;
  const form = new FormData();
  form.set('firstName', options.firstName);
  form.set('lastName', options.lastName);
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('role', 'provider');
  form.set('timezone', options.zone);
  const { userId } = await api('/auth/register', { method: 'POST', body: form });
  await send('POST', '/auth/register/provider', {
    userId,
    specialty: options.specialty,
    bio: options.bio,
    category: options.category,
    placeId: options.placeId,
    ...(options.address ? { address: options.address } : {}),
    serviceMode: 'at_provider',
  });
  const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
  await send('POST', '/auth/verify-email', { token: link.searchParams.get('token') });
  const login = await send('POST', '/auth/login', { email, password: PASSWORD });
  return {
    token: login.token as string,
    user: login.user as Record<string, unknown>,
    email,
    providerId: (login.user as { providerId: string }).providerId,
  };
}

/** A priced service of the provider; returns its id. */
export async function createService(
  provider: Session,
  service: { name: string; duration_minutes: number; price_cents: number; currency: string },
): Promise<string> {
  const { service: created } = await send('POST', '/services', service, provider.token);
  return (created as { id: string }).id;
}
