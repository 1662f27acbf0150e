import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateOnce } from './create-once';

describe('a value made once into DATA_DIR (readOrCreateOnce)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-create-once-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('20 creators at once (instances starting together): all read the one whole value that won', async () => {
    const file = path.join(dir, 'nested', 'secret');
    // 2 MB each: a write long enough to be read half-done, had it been made where others read.
    const values = Array.from({ length: 20 }, (_, i) => `value-${i}-${'x'.repeat(2 ** 21)}`);
    const read = await Promise.all(values.map((value) => readOrCreateOnce(file, () => value)));
    expect(new Set(read).size).toBe(1);
    expect(values).toContain(read[0]);
    expect(await fs.readFile(file, 'utf8')).toBe(read[0]);
    // No file of a creator is left behind.
    expect(await fs.readdir(path.dirname(file))).toEqual(['secret']);
  });

  it('an existing file is read as it is, and nothing is made', async () => {
    const file = path.join(dir, 'secret');
    await fs.writeFile(file, 'kept');
    let made = 0;
    expect(
      await readOrCreateOnce(file, () => {
        made++;
        return 'new';
      }),
    ).toBe('kept');
    expect(made).toBe(0);
  });

  it('an empty file left behind is refused in words, not read as an empty secret', async () => {
    const file = path.join(dir, 'secret');
    await fs.writeFile(file, '');
    await expect(readOrCreateOnce(file, () => 'new')).rejects.toThrow(
      `${file} is empty: delete it, and it is made again`,
    );
  });
});
