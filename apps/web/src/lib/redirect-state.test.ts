import { describe, expect, it } from 'vitest';
import { readRedirectFrom, toRedirectState } from './redirect-state';

describe('redirect state', () => {
  it('records pathname, search and hash', () => {
    expect(
      toRedirectState({ pathname: '/client/provider/7', search: '?a=1', hash: '#slots' }),
    ).toEqual({ from: '/client/provider/7?a=1#slots' });
  });

  it('reads back same-site paths only', () => {
    expect(readRedirectFrom({ from: '/dashboard/timeslots' })).toBe('/dashboard/timeslots');
    for (const state of [
      null,
      'x',
      {},
      { from: 42 },
      { from: 'https://evil.example/' },
      { from: '//evil.example/' },
      { from: '/\\evil.example' },
      { from: 'dashboard' },
    ]) {
      expect(readRedirectFrom(state)).toBeNull();
    }
  });
});
