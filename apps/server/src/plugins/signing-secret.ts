import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config';
import { readOrCreateOnce } from '../lib/create-once';

/** The signing secret: JWT_SECRET, or one generated once into DATA_DIR (embedded setups). */
export async function resolveJwtSecret(config: Config): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const secret = await readOrCreateOnce(path.join(config.dataDir, 'jwt-secret'), () =>
    randomBytes(48).toString('base64url'),
  );
  return new TextEncoder().encode(secret.trim());
}
