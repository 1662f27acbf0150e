import { translate } from '../../lib/i18n';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import type { PublicReview } from '@slotwise/shared/reviews-schemas';
import { useParams } from 'react-router';
import { ReportButton } from '../../features/moderation/components/report-button';
import { ProviderDetailPage } from '../../features/discovery/provider-detail-page';
import { PublicProviderPage } from '../../features/discovery/public-provider-page';
import { ReviewsList } from '../../features/reviews/components/reviews-list';
import { JoinWaitlist } from '../../features/waitlist/components/join-waitlist';

/**
 * Screens that put trust (features/reviews) into other domains' screens, the provider pages'
 * 'Join the waitlist' (features/waitlist, docs/product.md §17) and 'Report' (features/moderation,
 * docs/product.md §19.3): the import rule lets only app/ compose UI of two features
 * (apps/web/src/README.md). The provider pages here; the client's appointments and the
 * dashboard in files of their own, so that each screen's chunk carries only its own code
 * (docs/decisions/080-page-weight.md).
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
