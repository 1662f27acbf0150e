import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { epochSeconds, makeToken } from '../../test/make-token';
import {
  clearSession,
  decodeSession,
  getSession,
  getStoredUser,
  saveSession,
  useSession,
  type StoredUser,
} from './session';

const provider: StoredUser = {
  id: 'user-7',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'provider',
  profileImageUrl: '/uploads/abc',
  providerId: 'prov-3',
};

describe('decodeSession', () => {
  it('reads userId, role, providerId and exp from the JWT payload', () => {
    const exp = epochSeconds(600);
    const token = makeToken({ userId: 'user-7', role: 'provider', providerId: 'prov-3', exp });
    expect(decodeSession(token)).toEqual({
      token,
      userId: 'user-7',
      role: 'provider',
      providerId: 'prov-3',
      exp,
    });
  });

  it('accepts id instead of userId and a missing providerId (docs/product.md §3)', () => {
    const token = makeToken({ id: 'c1', role: 'client', exp: epochSeconds(60) });
    expect(decodeSession(token)).toMatchObject({ userId: 'c1', role: 'client', providerId: null });
  });

  it('decodes base64url payloads with non-ASCII characters', () => {
    const json = JSON.stringify({ userId: 'ü-ß-€', role: 'client', exp: epochSeconds(60) });
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeSession(`h.${payload}.s`)?.userId).toBe('ü-ß-€');
  });

  it('returns null for an expired token', () => {
    const exp = epochSeconds(-1);
    expect(decodeSession(makeToken({ userId: 'u', role: 'client', exp }))).toBeNull();
    // …and the expiry is judged against the given clock.
    const later = makeToken({ userId: 'u', role: 'client', exp: 1_000 });
    expect(decodeSession(later, 999_000)).not.toBeNull();
    expect(decodeSession(later, 1_000_000)).toBeNull();
  });

  it.each([
    ['not a jwt', 'abc'],
    ['two parts', 'a.b'],
    ['bad base64', 'a.!!!.c'],
    ['not json', `a.${btoa('hello')}.c`],
    ['no user id', makeToken({ role: 'client' })],
    ['unknown role', makeToken({ userId: 'u', role: 'superuser' })],
    ['non-numeric exp', makeToken({ userId: 'u', role: 'client', exp: 'soon' })],
    ['array payload', `a.${btoa('[1]')}.c`],
  ])('returns null for a malformed token (%s)', (_name, token) => {
    expect(decodeSession(token)).toBeNull();
  });
});

describe('session storage', () => {
  it('saves the token in localStorage and the user in sessionStorage', () => {
    const token = makeToken({ userId: 'user-7', role: 'provider', providerId: 'prov-3' });
    saveSession(token, provider);
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? 'null')).toEqual(provider);
    expect(getSession()).toMatchObject({ userId: 'user-7', role: 'provider', exp: null });
    expect(getStoredUser()).toEqual(provider);

    clearSession();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(getSession()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('ignores a corrupt stored user', () => {
    window.sessionStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
    window.sessionStorage.setItem('user', JSON.stringify({ id: 1 }));
    expect(getStoredUser()).toBeNull();
  });
});

describe('useSession', () => {
  it('re-renders on sign-in and sign-out in this tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ session: null, user: null });

    const token = makeToken({ userId: 'user-7', role: 'provider', exp: epochSeconds(600) });
    act(() => saveSession(token, provider));
    expect(result.current.session?.role).toBe('provider');
    expect(result.current.user).toEqual(provider);

    act(() => clearSession());
    expect(result.current).toEqual({ session: null, user: null });
  });

  it('re-renders when another tab changes the token (storage event)', () => {
    const { result } = renderHook(() => useSession());
    const token = makeToken({ userId: 'c1', role: 'client', exp: epochSeconds(600) });
    act(() => {
      window.localStorage.setItem('token', token);
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: token }));
    });
    expect(result.current.session?.userId).toBe('c1');
  });

  it('returns a stable value between changes', () => {
    const { result, rerender } = renderHook(() => useSession());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
