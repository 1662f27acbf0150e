import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What `file` holds, creating it with `contents()` first if it does not exist: for a value made
 * once and kept in DATA_DIR (the signing secret, the VAPID keys), which every instance sharing
 * the directory must read the same (docs/decisions/088).
 *
 * Instances start at the same moment (a deploy, the scale-out tests), so the file is never
 * written where another process could read it half-written: the contents go to a file of this
 * call's own and are hard-linked into place whole. `link` refuses a name that exists, so exactly
 * one creator wins and the others read its file. On a file system without hard links, the file
 * is created exclusively instead, and a reader that finds it empty waits a moment for its writer.
 */
export async function readOrCreateOnce(file: string, contents: () => string): Promise<string> {
  const existing = await readWhole(file);
  if (existing !== null) return existing;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const own = `${file}.${process.pid}-${randomUUID()}.tmp`;
  await fs.writeFile(own, contents(), { mode: 0o600 });
  try {
    await fs.link(own, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      await fs.writeFile(file, await fs.readFile(own), { mode: 0o600, flag: 'wx' }).catch(() => {});
    }
  } finally {
    await fs.unlink(own).catch(() => {});
  }
  const created = await readWhole(file, true);
  if (created === null) throw new Error(`${file} is empty: delete it, and it is made again`);
  return created;
}

/** How long a reader waits for an empty file's writer before giving up on it. */
const WRITER_WAIT_MS = 2_000;

/** The file's text; null if it does not exist (or, unless `wait`, is still empty). */
async function readWhole(file: string, wait = false): Promise<string | null> {
  const deadline = Date.now() + (wait ? WRITER_WAIT_MS : 0);
  for (;;) {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (text.length > 0 || Date.now() >= deadline) return text.length > 0 ? text : null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
