import { PublicBusinessPage } from '../features/business/public-business-page';
import { JoinWaitlist } from '../features/waitlist/components/join-waitlist';

/**
 * A business's public page (/businesses/:id) with 'Join the waitlist' for the person chosen
 * (features/waitlist, docs/product.md §17): only app/ composes UI of two features. The page
 * shows the person's free times itself, so the link does not read them again.
 */
export function PublicBusinessPageWithWaitlist() {
  return (
    <PublicBusinessPage
      waitlist={(providerId) => (
        <JoinWaitlist key={providerId} providerId={providerId} watchFreeTimes={false} />
      )}
    />
  );
}
