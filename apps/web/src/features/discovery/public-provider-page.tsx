import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import type { ReactNode } from 'react';
import { BookingPage } from './booking-page/booking-page';

/**
 * /providers/:id (docs/product.md §11.2): the booking page of §14.1, the same as the signed-in
 * /client/provider/:id. Anyone may look; booking needs a client's session.
 */
export function PublicProviderPage({
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
