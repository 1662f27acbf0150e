import { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { createSocket } from './socket';

vi.unmock('./socket');
vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({ fake: true })) }));

describe('createSocket', () => {
  it('connects as docs/product.md §7/§9 say: websocket only, credentials, 5 attempts, 1 s / 5 s, 20 s', () => {
    createSocket({
      token: 'the.jwt.token',
      userId: 'user-1',
      role: 'provider',
      providerId: 'provider-1',
      exp: null,
    });
    expect(io).toHaveBeenCalledTimes(1);
    const [options] = vi.mocked(io).mock.calls[0]! as unknown as [Record<string, unknown>];
    expect(options).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      timeout: 20_000,
      auth: { token: 'the.jwt.token', userId: 'user-1', providerId: 'provider-1' },
    });
  });
});
