import { beforeEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, makeToken } from '../../test/make-token';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from './api-client';
import { getStoredUser, getToken, saveSession } from './session';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

function lastRequest() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const token = makeToken({
  userId: 'u1',
  role: 'client',
  providerId: null,
  exp: epochSeconds(3600),
});
const user = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'client' as const,
  profileImageUrl: null,
  providerId: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('api client requests', () => {
  it('calls /api with cookies and a bearer token from localStorage', async () => {
    saveSession(token, user);
    fetchMock.mockResolvedValue(jsonResponse(200, { slots: [] }));
    await expect(apiGet('/timeslots/view')).resolves.toEqual({ slots: [] });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/timeslots/view');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { providers: [] }));
    await apiGet('/search/providers?q=ba');
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/search/providers?q=ba');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends objects as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'ok' }));
    await apiPost('/appointment/booking', { timeslotId: 's1' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"timeslotId":"s1"}');
  });

  it('passes FormData through for multipart uploads', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok' }));
    const form = new FormData();
    form.append('firstName', 'Ada');
    await apiPatch('/profile/update', form);
    const { init, headers } = lastRequest();
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false); // the browser adds the boundary
  });

  it('resolves undefined for an empty response', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiDelete('/timeslots/delete/1')).resolves.toBeUndefined();
    expect(lastRequest().init.method).toBe('DELETE');
  });
});

describe('api client errors', () => {
  it("uses the body's message", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { message: 'Slot taken', error: 'other', code: 'SLOT_TAKEN' }),
    );
    const error = await rejection(apiPost('/appointment/booking', { timeslotId: 's1' }));
    expect(error.message).toBe('Slot taken');
    expect(error.status).toBe(409);
    expect(error.code).toBe('SLOT_TAKEN');
  });

  it("falls back to the body's error field", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { error: 'Email already registered' }));
    const error = await rejection(apiPost('/auth/register', new FormData()));
    expect(error.message).toBe('Email already registered');
  });

  it("falls back to 'Request failed' without a usable body", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect((await rejection(apiGet('/stats/'))).message).toBe('Request failed');

    fetchMock.mockResolvedValueOnce(jsonResponse(500, {}));
    expect((await rejection(apiGet('/stats/'))).message).toBe('Request failed');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    const error = await rejection(apiGet('/stats/'));
    expect(error.message).toBe('Request failed');
    expect(error.status).toBe(500);
    expect(error.code).toBeNull();
  });

  it('carries field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Invalid input',
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        fieldErrors: { email: 'Invalid email', password: 42 },
      }),
    );
    const error = await rejection(apiPost('/auth/login', { email: 'x', password: 'y' }));
    expect(error.fieldErrors).toEqual({ email: 'Invalid email' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(apiGet('/profile'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Request failed');
  });

  it('clears the session on a 401 to a request that carried a token', async () => {
    saveSession(token, user);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Session expired' }));
    const error = await rejection(apiGet('/profile'));
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('keeps the (absent) session on a 401 without a token, such as a failed login', async () => {
    window.sessionStorage.setItem('user', JSON.stringify(user));
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Invalid credentials' }));
    await rejection(apiPost('/auth/login', { email: 'a@b.c', password: 'wrong' }));
    expect(getStoredUser()).toEqual(user);
  });

  it('does not clear the session on a 403', async () => {
    saveSession(token, user);
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'Forbidden' }));
    await rejection(apiGet('/timeslots/view'));
    expect(getToken()).toBe(token);
  });
});
