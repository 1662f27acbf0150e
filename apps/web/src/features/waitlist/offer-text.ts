import { translate } from '../../lib/i18n';
import type { WaitlistOffer } from '@slotwise/shared/waitlist-schemas';
import { formatSlot } from '../../lib/date-time-format';
import { fullName } from '../../lib/full-name';

/** 'Massage with Bea Stone, Thu, Nov 26, 10:00–11:00' (the provider's wall clock). */
export function offerText(offer: WaitlistOffer, today?: string): string {
  const provider = fullName(offer.provider_first_name, offer.provider_last_name);
  const who = offer.service_name
    ? translate('{{service}} with {{provider}}', { service: offer.service_name, provider })
    : provider;
  return `${who}, ${formatSlot(offer, today)}`;
}
