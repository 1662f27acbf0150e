import { describe, expect, it } from 'vitest';
import { AnyStaffGate } from './any-staff-gate';

/** A promise and its resolver: a booking the test finishes by hand. */
function held<T = string>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

/** docs/decisions/085: "any staff" bookings of one time, at most `width` at once. */
describe('the "any staff" gate', () => {
  it('lets `width` bookings of one time through at once; the next goes when one ends', async () => {
    const gate = new AnyStaffGate(2);
    const started: number[] = [];
    const finish = [held(), held(), held()];
    const answers = finish.map((f, i) =>
      gate.pass('t', async () => {
        started.push(i);
        return f.promise;
      }),
    );
    // Another time is not held up by this one.
    expect(await gate.pass('other', async () => 'other')).toBe('other');
    await tick();
    expect(started).toEqual([0, 1]);
    finish[0]!.resolve('a');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish[1]!.resolve('b');
    finish[2]!.resolve('c');
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(gate.size).toBe(0);
  });

  it('"nobody free" answers those who arrived before it was asked, not those after', async () => {
    const gate = new AnyStaffGate(1);
    const first = held<number>();
    let share!: (answer: unknown, askedAt: number) => void;
    const inFlight = gate.pass('t', async (s) => {
      share = s;
      return first.promise;
    });
    const before = gate.pass('t', async () => 'asked the database');
    const before2 = gate.pass('t', async () => 'asked the database');
    await tick();
    const askedAt = performance.now();
    await new Promise((r) => setTimeout(r, 2));
    const after = gate.pass('t', async () => 'asked the database');
    const nobodyFree = new Error('nobody free');
    share(nobodyFree, askedAt);
    await expect(before).rejects.toBe(nobodyFree);
    await expect(before2).rejects.toBe(nobodyFree);
    first.resolve(1);
    expect(await inFlight).toBe(1);
    expect(await after).toBe('asked the database');
    expect(gate.size).toBe(0);
  });

  it('a booking that fails frees its place for the next', async () => {
    const gate = new AnyStaffGate(1);
    const failing = gate.pass('t', async () => {
      throw new Error('refused');
    });
    const next = gate.pass('t', async () => 'booked');
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('booked');
    expect(gate.size).toBe(0);
  });
});
