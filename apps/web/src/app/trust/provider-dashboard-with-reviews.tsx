import { useSession } from '../../lib/session';
import { NoShowDialog } from '../../features/appointments/components/no-show-dialog';
import { ReviewsList } from '../../features/reviews/components/reviews-list';
import { ProviderDashboardPage } from '../../features/stats/provider-dashboard-page';

/** The provider dashboard with 'Mark as no-show' in today's list and the reviews to answer. */
export function ProviderDashboardWithReviews() {
  const { session } = useSession();
  const providerId = session?.providerId ?? null;
  return (
    <ProviderDashboardPage
      reviews={providerId ? <ReviewsList providerId={providerId} replyable /> : null}
      noShowDialog={(appointment, onClose) => (
        <NoShowDialog appointment={appointment} onClose={onClose} />
      )}
    />
  );
}
