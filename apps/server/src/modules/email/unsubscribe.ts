import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_LINK_PATHS, type MailPreferences } from '@slotwise/shared/email-schemas';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/signing-secret';

/**
 * RFC 8058 one-click unsubscribe (docs/decisions/044-email-and-calendars.md). A token names a
 * user and one preference and is signed with a key derived from the server's secret (its own
 * purpose, so no other MAC of that secret — a calendar feed's, a JWT — can pass for one):
 *
 *   base64url( user id (16 bytes) ‖ preference (1 byte) ‖ HMAC-SHA-256(key, the 17 bytes)[0..16) )
 *
 * 44 characters, no database row: the link in an old mail keeps working, and it can only ever
 * turn that one preference of that one user off.
 */

export type UnsubscribePreference = keyof MailPreferences;

/** The byte of each preference in a token; never renumber (tokens in sent mail use them). */
const CODES: Record<UnsubscribePreference, number> = { emailReminders: 1, emailBookingUpdates: 2 };
const BY_CODE = new Map(
  Object.entries(CODES).map(([preference, code]) => [code, preference as UnsubscribePreference]),
);
const TOKEN_BYTES = 16 + 1 + 16;
export const UNSUBSCRIBE_TOKEN_LENGTH = 44;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The signing key: an HMAC of a fixed label under the server secret (domain separation). */
export function unsubscribeKey(serverSecret: Uint8Array): Buffer {
  return createHmac('sha256', serverSecret).update('slotwise/list-unsubscribe/v1').digest();
}

const macOf = (key: Buffer, body: Buffer) =>
  createHmac('sha256', key).update(body).digest().subarray(0, 16);

export function signUnsubscribeToken(
  key: Buffer,
  userId: string,
  preference: UnsubscribePreference,
): string {
  const body = Buffer.concat([uuidBytes(userId), Buffer.from([CODES[preference]])]);
  return Buffer.concat([body, macOf(key, body)]).toString('base64url');
}

/** The user and preference a token names, or null (malformed, tampered, forged). */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; preference: UnsubscribePreference } | null {
  if (token.length !== UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Only the canonical spelling: no second token that decodes to the same bytes.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, 17);
  if (!timingSafeEqual(bytes.subarray(17), macOf(key, body))) return null;
  const preference = BY_CODE.get(body[16]!);
  if (!preference) return null;
  return { userId: uuidOf(body.subarray(0, 16)), preference };
}

/** Where a mail's List-Unsubscribe points (POST: one click; GET: a page with a button). */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/email/unsubscribe?token=${token}`;

/** RFC 2369 + RFC 8058 headers for a mail a user can turn off. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The opt-out links of a mail to `userId` about `preference` (the mail jobs use them). */
export type OptOutLinks = (
  userId: string,
  preference: UnsubscribePreference,
) => Promise<{ unsubscribe: string; preferences: string }>;

export function optOutLinks(config: Config): OptOutLinks {
  let key: Promise<Buffer> | null = null;
  return async (userId, preference) => {
    key ??= resolveJwtSecret(config).then(unsubscribeKey);
    return {
      unsubscribe: unsubscribeUrl(
        config.publicUrl,
        signUnsubscribeToken(await key, userId, preference),
      ),
      preferences: `${config.publicUrl}${EMAIL_LINK_PATHS.notificationPreferences}`,
    };
  };
}
