import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOptOuts } from '../../db/schema';

/**
 * Twilio's inbound texts (docs/product.md §20.3): the X-Twilio-Signature check and STOP/START,
 * kept per number for every account (docs/decisions/073-phones.md).
 */

export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
export const START_WORDS = new Set(['START', 'UNSTOP']);

/** base64(HMAC-SHA1(authToken, url + each param name and value, names sorted)), as Twilio signs. */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether the signature is right (constant-time); no token configured: never. */
export function signatureMatches(
  authToken: string | undefined,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A form body's fields (one value each: the last wins, as Twilio sends each once). */
export function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** STOP and its synonyms end texts to the number; START/UNSTOP resume them. */
export async function applyInboundText(db: Db, from: string, text: string): Promise<void> {
  const word = text.trim().toUpperCase();
  if (!/^\+[1-9]\d{6,14}$/.test(from)) return;
  if (STOP_WORDS.has(word)) {
    await db.insert(smsOptOuts).values({ phone: from }).onConflictDoNothing();
  } else if (START_WORDS.has(word)) {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, from));
  }
}
