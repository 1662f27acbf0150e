import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import type { ReactNode } from 'react';
import { BookingPage } from './booking-page/booking-page';

/**
 * docs/product.md §2.14 provider detail (/client/provider/:id): the booking page of §14.1, the
 * same as the public /providers/:id. `reviews`: the reviews list, composed in by app/.
 */
export function ProviderDetailPage({
  reviews = null,
  waitlist = null,
  report,
}: {
  reviews?: ReactNode;
  /** 'Join the waitlist' (features/waitlist), composed in by app/. */
  waitlist?: ReactNode;
  /** 'Report' on the provider (features/moderation), composed in by app/. */
  report?: (details: ProviderDetail) => ReactNode;
}) {
  return <BookingPage reviews={reviews} waitlist={waitlist} report={report} />;
}
