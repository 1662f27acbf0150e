import { describe, expect, it } from 'vitest';
import { BatchedCalls } from './batched-calls';

/** A callMany whose batches are recorded and answered when the test says so. */
function controlledCalls() {
  const batches: { keys: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const callMany = (keys: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        keys,
        answer: () => resolve(keys.map((key) => `value ${key}`)),
        fail: reject,
      });
    });
  return { batches, callMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedCalls', () => {
  it('sends the calls of one turn as one batch and answers each its own value', async () => {
    const { batches, callMany } = controlledCalls();
    const calls = new BatchedCalls(callMany);
    const answers = Promise.all([calls.call(1), calls.call(2), calls.call(3)]);
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1, 2, 3]]);
    batches[0]!.answer();
    await expect(answers).resolves.toEqual(['value 1', 'value 2', 'value 3']);
  });

  it('holds calls while the batches in flight are at the limit, then sends them together', async () => {
    const { batches, callMany } = controlledCalls();
    const calls = new BatchedCalls(callMany, { maxInFlight: 1, maxBatch: 100 });
    const first = calls.call(1);
    await turn();
    const later = [calls.call(2), calls.call(3)];
    await turn();
    calls.call(4).catch(() => {});
    await turn();
    // One batch in flight: 2, 3 and 4 wait for it.
    expect(batches.map((b) => b.keys)).toEqual([[1]]);
    batches[0]!.answer();
    await expect(first).resolves.toBe('value 1');
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer();
    await expect(Promise.all(later)).resolves.toEqual(['value 2', 'value 3']);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const { batches, callMany } = controlledCalls();
    const calls = new BatchedCalls(callMany, { maxInFlight: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((key) => calls.call(key));
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    batches[0]!.answer();
    batches[1]!.answer();
    await turn();
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1, 2], [3, 4], [5]]);
    batches[2]!.answer();
    await expect(Promise.all(all)).resolves.toHaveLength(5);
  });

  it('fails only the calls of the batch that failed, and frees its place for the next', async () => {
    const { batches, callMany } = controlledCalls();
    const calls = new BatchedCalls(callMany, { maxInFlight: 1, maxBatch: 100 });
    const failing = calls.call(1);
    await turn();
    const next = calls.call(2);
    batches[0]!.fail(new Error('database unavailable'));
    await expect(failing).rejects.toThrow('database unavailable');
    await turn();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2]]);
    batches[1]!.answer();
    await expect(next).resolves.toBe('value 2');
  });

  it('refuses answers that do not match the calls one to one', async () => {
    const calls = new BatchedCalls(async () => ['only one'], { maxInFlight: 1, maxBatch: 10 });
    const both = [calls.call(1), calls.call(2)];
    await expect(both[0]).rejects.toThrow('1 answers to 2 calls');
    await expect(both[1]).rejects.toThrow('1 answers to 2 calls');
  });
});
