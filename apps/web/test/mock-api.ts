import { vi } from 'vitest';
import { freshForEachTest } from './each-test';

/** One request the app made through fetch. */
export interface ApiCall {
  method: string;
  /** Path without the query string, e.g. '/api/auth/login'. */
  path: string;
  url: string;
  headers: Headers;
  /** Parsed JSON body, the FormData of a multipart body, or undefined. */
  body: unknown;
}

/** Answers a call; `undefined` falls through to a 404. */
export type ApiHandler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** A promise with its resolve function exposed, to hold a response while asserting a busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Replaces global fetch (undo with vi.unstubAllGlobals()) by `handler`, recording every call.
 * Unhandled requests answer 404 like the server would.
 */
export function mockApi(handler: ApiHandler): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      let body: unknown;
      if (init.body instanceof FormData) body = init.body;
      else if (typeof init.body === 'string') body = JSON.parse(init.body) as unknown;
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.split('?')[0] ?? url,
        url,
        headers: new Headers(init.headers),
        body,
      };
      calls.push(call);
      return (
        (await handler(call)) ??
        json(404, { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' })
      );
    }),
  );
  return { calls };
}

/** How a fake answers one route. */
export type RouteAnswer = (call: ApiCall) => Response | Promise<Response>;

/**
 * Before each test, stubs fetch with answers by route ('POST /api/auth/login') from a fresh copy
 * of `defaults`; a test swaps one with `api.answers[route] = () => …`. Other routes get the 404.
 */
export function routesForEachTest(defaults: Record<string, RouteAnswer>) {
  return freshForEachTest(() => {
    const answers = { ...defaults };
    const { calls } = mockApi((call) => answers[`${call.method} ${call.path}`]?.(call));
    return { calls, answers };
  });
}

/** The calls to `METHOD path`. */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
