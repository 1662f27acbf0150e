import { translate } from '../../lib/i18n';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import type { PublicReview } from '@slotwise/shared/reviews-schemas';
import { useParams } from 'react-router';
import { fullName } from '../../lib/full-name';
import { useSession } from '../../lib/session';
import { ClientAppointmentsPage } from '../../features/appointments/client-appointments-page';
import { ReportButton } from '../../features/moderation/components/report-button';
import { NoShowDialog } from '../../features/appointments/components/no-show-dialog';
import { ProviderDetailPage } from '../../features/discovery/provider-detail-page';
import { PublicProviderPage } from '../../features/discovery/public-provider-page';
import { ReviewDialog } from '../../features/reviews/components/review-dialog';
import { ReviewsList } from '../../features/reviews/components/reviews-list';
import { ProviderDashboardPage } from '../../features/stats/provider-dashboard-page';
import { JoinWaitlist } from '../../features/waitlist/components/join-waitlist';

/**
 * Screens that put trust (features/reviews) into other domains' screens, the provider pages'
 * 'Join the waitlist' (features/waitlist, docs/product.md §17) and 'Report' (features/moderation,
 * docs/product.md §19.3): the import rule lets only app/ compose UI of two features
 * (apps/web/src/README.md).
 */

function reportReview(review: PublicReview) {
  return (
    <ReportButton
      kind="review"
      targetId={review.id}
      label={translate('Report review by {{name}}.', {
        name: `${review.client_first_name} ${review.client_last_initial}`,
      })}
    />
  );
}

function reportProvider(details: ProviderDetail) {
  return <ReportButton kind="provider" targetId={details.provider_id} />;
}

/** The provider page (/client/provider/:id) with the provider's reviews and replies. */
export function ProviderPageWithReviews() {
  const { id = '' } = useParams();
  return (
    <ProviderDetailPage
      reviews={id ? <ReviewsList providerId={id} report={reportReview} /> : null}
      waitlist={id ? <JoinWaitlist providerId={id} /> : null}
      report={reportProvider}
    />
  );
}

/** The client's appointments with 'Leave a review' on completed, unreviewed ones. */
export function ClientAppointmentsWithReviews() {
  return (
    <ClientAppointmentsPage
      reviewDialog={(appointment, onClose) => (
        <ReviewDialog
          appointmentId={appointment.appointment_id}
          providerName={fullName(appointment.provider_first_name, appointment.provider_last_name)}
          onClose={onClose}
        />
      )}
    />
  );
}

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

/** The public provider page (/providers/:id) with the provider's reviews and replies. */
export function PublicProviderPageWithReviews() {
  const { id = '' } = useParams();
  return (
    <PublicProviderPage
      reviews={id ? <ReviewsList providerId={id} report={reportReview} /> : null}
      waitlist={id ? <JoinWaitlist providerId={id} /> : null}
      report={reportProvider}
    />
  );
}
