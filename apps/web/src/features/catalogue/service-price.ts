import type { Translate } from '@slotwise/shared/english-text';
import { formatMoney } from '../../lib/date-time-format';

/** How many decimals `currency` has (2 for USD, 0 for JPY), as Intl knows it. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** '35.5' in USD → 3550; null when the text is not a plain amount with at most the digits. */
export function parsePriceText(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d+(?:\\.\\d{1,${digits}})?$`) : /^\d+$/;
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 3550 in USD → '35.50' (the price input's text). */
export function priceText(priceCents: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (priceCents / 10 ** digits).toFixed(digits);
}

/** '45 min · $35.00' */
export function serviceSummary(
  service: { duration_minutes: number; price_cents: number; currency: string },
  t: Translate,
): string {
  return t('{{minutes}} min · {{price}}', {
    minutes: service.duration_minutes,
    price: formatMoney(service.price_cents, service.currency),
  });
}
