import { describe, expect, it } from 'vitest';
import { oncePerHandle } from './once-per-handle';

describe('oncePerHandle', () => {
  it('makes the value once per handle and hands each handle its own', () => {
    const made: string[] = [];
    const statementOf = oncePerHandle((db: { name: string }) => {
      made.push(db.name);
      return { text: `prepared on ${db.name}` };
    });
    const pool = { name: 'pool' };
    const tx = { name: 'tx' };
    const first = statementOf(pool);
    expect(statementOf(pool)).toBe(first);
    expect(statementOf(tx)).not.toBe(first);
    expect(statementOf(tx).text).toBe('prepared on tx');
    expect(made).toEqual(['pool', 'tx']);
  });
});
