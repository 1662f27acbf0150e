import type { ProviderListing } from '@slotwise/shared/discovery-schemas';
import { formatInstantWhen, formatMoney } from '../../../lib/date-time-format';
import { translate } from '../../../lib/i18n';

/** The public page of a provider, with one of its slots chosen. */
export function providerSlotPath(providerId: string, slotId: string | null): string {
  const path = `/providers/${encodeURIComponent(providerId)}`;
  return slotId ? `${path}?slot=${encodeURIComponent(slotId)}` : path;
}

/**
 * The next free time as the provider's clock reads it ('Today 17:30', 'Sat, Nov 28, 10:00'):
 * a client books a haircut at the barber's 17:30 (docs/product.md §14.2).
 */
export function nextFreeText(provider: ProviderListing, now?: Date): string | null {
  if (!provider.next_available) return null;
  return formatInstantWhen(provider.next_available, provider.timezone, now);
}

/** 'Haircut from $25.00', 'From $25.00' without a name; null without services. */
export function priceFromText(provider: ProviderListing): string | null {
  if (provider.price_from_cents === null || !provider.currency) return null;
  const price = formatMoney(provider.price_from_cents, provider.currency);
  return provider.price_from_service_name
    ? translate('{{service}} from {{price}}', { service: provider.price_from_service_name, price })
    : translate('From {{price}}', { price });
}
