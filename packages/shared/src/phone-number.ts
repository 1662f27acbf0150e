import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A mobile number as SMS needs it (docs/product.md §20.3): parsed with libphonenumber-js's mobile
 * metadata, so a fixed line or an impossible number is refused the same way by the server and
 * by the settings form. Returns the E.164 form (`+14155550123`), or null.
 */
export function mobileNumberOf(input: string): string | null {
  const trimmed = input.trim();
  // A country code is required: without one the number's country is a guess.
  if (!trimmed.startsWith('+') && !trimmed.startsWith('00')) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'));
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** '+1 415 555 0123': the number written for people. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
