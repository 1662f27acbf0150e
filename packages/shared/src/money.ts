// Prices are integer minor units with an ISO currency (docs/product.md §15.1).

/** Money for display: `Intl.NumberFormat` in the service's currency and its minor units. */
export function formatPrice(priceCents: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(priceCents / 10 ** digits);
}
