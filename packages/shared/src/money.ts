// Prices are integer minor units with an ISO currency (docs/product.md §15.1).

/**
 * One formatter per locale and currency: building an `Intl.NumberFormat` costs far more than
 * formatting with it (a provider's page shows a price per service and per time).
 */
const priceFormats = new Map<string, { format: Intl.NumberFormat; digits: number }>();

/** Money for display: `Intl.NumberFormat` in the service's currency and its minor units. */
export function formatPrice(priceCents: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let entry = priceFormats.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    entry = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    priceFormats.set(key, entry);
  }
  return entry.format.format(priceCents / 10 ** entry.digits);
}
