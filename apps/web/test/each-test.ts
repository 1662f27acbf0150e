import { beforeEach } from 'vitest';

/**
 * Calls `make` before each test of the calling file and returns a stand-in for its latest
 * result, so a file can write `const api = freshForEachTest(() => mockApi(...))` at the top
 * instead of a `let` and a `beforeEach` (reading it outside a test throws).
 */
export function freshForEachTest<T extends object>(make: () => T): T {
  let current: T | undefined;
  beforeEach(() => {
    current = make();
  });
  const live = (): T => {
    if (!current) throw new Error('freshForEachTest: read outside a test');
    return current;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(live(), key) as unknown,
    set: (_target, key, value) => Reflect.set(live(), key, value),
    has: (_target, key) => Reflect.has(live(), key),
  });
}
