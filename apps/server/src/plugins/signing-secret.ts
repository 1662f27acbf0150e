import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/** The signing secret: JWT_SECRET, or one generated once into DATA_DIR (embedded setups). */
export async function resolveJwtSecret(config: Config): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await fs.mkdir(config.dataDir, { recursive: true });
    // 'wx': if another process created it meanwhile, use theirs.
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => {});
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  }
}
