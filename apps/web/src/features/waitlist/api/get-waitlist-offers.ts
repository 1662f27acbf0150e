import type { WaitlistOffer } from '@slotwise/shared/waitlist-schemas';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export interface WaitlistOffersResponse {
  offers: WaitlistOffer[];
}

/** GET /waitlist/offers: the client's offers, newest first (docs/decisions/069-waitlist.md). */
export function fetchWaitlistOffers(signal?: AbortSignal): Promise<WaitlistOffersResponse> {
  return apiGet<WaitlistOffersResponse>('/waitlist/offers', { signal });
}

/** The offers still held for the client at `now`: status 'offered' and not run out. */
export function openOffers(offers: readonly WaitlistOffer[], now = Date.now()): WaitlistOffer[] {
  return offers.filter((offer) => offer.status === 'offered' && Date.parse(offer.expires_at) > now);
}

/** Every offer (the socket's `waitlist_offer` invalidates the key: app/realtime-provider.tsx). */
export function useWaitlistOffers({ enabled = true }: { enabled?: boolean } = {}) {
  return useFetcherQuery(queryKeys.waitlistOffers, fetchWaitlistOffers, {
    select: (data) => data.offers,
    enabled,
  });
}
