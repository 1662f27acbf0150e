import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config';
import { readOrCreateOnce } from '../../lib/create-once';

/**
 * The VAPID keys that sign every push (docs/product.md §20.2, docs/decisions/073-phones.md):
 * `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when set, else a pair generated once into
 * `DATA_DIR/vapid.json` (like the JWT secret, plugins/signing-secret.ts): instances sharing
 * DATA_DIR share it, and a browser's subscription stays valid across restarts.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` (what push services require of the JWT's `sub`). */
  subject: string;
}

const isKeyPair = (value: unknown): value is { publicKey: string; privateKey: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { publicKey?: unknown }).publicKey === 'string' &&
  typeof (value as { privateKey?: unknown }).privateKey === 'string';

/** `VAPID_SUBJECT` (or the public URL) when push services accept it, else the sender's address. */
export function vapidSubjectOf(config: Pick<Config, 'vapidSubject' | 'mailFrom'>): string {
  if (/^(mailto:|https:\/\/)/i.test(config.vapidSubject)) return config.vapidSubject;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.includes('@') ? address : 'no-reply@slotwise.invalid'}`;
}

export async function resolveVapidKeys(
  config: Pick<Config, 'vapid' | 'vapidSubject' | 'mailFrom' | 'dataDir'>,
): Promise<VapidKeys> {
  const subject = vapidSubjectOf(config);
  if (config.vapid) return { ...config.vapid, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  const text = await readOrCreateOnce(file, () => JSON.stringify(webPush.generateVAPIDKeys()));
  let pair: unknown;
  try {
    pair = JSON.parse(text);
  } catch {
    pair = null;
  }
  if (!isKeyPair(pair)) throw new Error(`${file} holds no VAPID key pair`);
  return { ...pair, subject };
}
