import { displayLanguage } from './display-language';
import { clearSession, getToken } from './session';

/**
 * HTTP client for the Slotwise API (docs/product.md §7, §10).
 * - base `/api`, cookies sent (`credentials: 'include'`), `Authorization: Bearer <token>` when a
 *   token is stored;
 * - plain objects are sent as JSON, FormData is passed through (the browser sets the multipart
 *   boundary);
 * - any non-OK response throws an ApiError whose message is the body's `message`, else its
 *   `error`, else 'Request failed';
 * - a 401 on a request that carried a token clears the session (expired or revoked token).
 */

export const API_BASE = '/api';
export const DEFAULT_ERROR_MESSAGE = 'Request failed';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got a response (network failure). */
  readonly status: number;
  /** Stable machine code from the server (`VALIDATION_FAILED`, `SLOT_TAKEN`, …), if any. */
  readonly code: string | null;
  /** Per-field messages for form errors (field name → message). */
  readonly fieldErrors: Record<string, string>;

  constructor(
    message: string,
    status: number,
    code: string | null = null,
    fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export type ApiBody = FormData | object;

export interface ApiRequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readFieldErrors(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') result[field] = message;
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function toApiError(status: number, body: unknown): ApiError {
  if (!isRecord(body)) return new ApiError(DEFAULT_ERROR_MESSAGE, status);
  const message =
    nonEmptyString(body.message) ?? nonEmptyString(body.error) ?? DEFAULT_ERROR_MESSAGE;
  const code = nonEmptyString(body.code) ?? null;
  return new ApiError(message, status, code, readFieldErrors(body.fieldErrors));
}

function buildUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: ApiBody,
  options: ApiRequestOptions = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Errors come back in the screens' language (docs/product.md §21.1).
  headers.set('Accept-Language', displayLanguage());

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body; // multipart: let the browser set Content-Type with the boundary
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method,
      headers,
      body: requestBody,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
  }

  const data = await readBody(response);
  if (!response.ok) {
    // Only a token we sent can be the reason for a 401; a failed login (no token) must not
    // wipe anything.
    if (response.status === 401 && token) clearSession();
    throw toApiError(response.status, data);
  }
  return data as T;
}

export function apiGet<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body?: ApiBody, options?: ApiRequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

export function apiPatch<T>(path: string, body?: ApiBody, options?: ApiRequestOptions): Promise<T> {
  return apiRequest<T>('PATCH', path, body, options);
}

export function apiDelete<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', path, undefined, options);
}
