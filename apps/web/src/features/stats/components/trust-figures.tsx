import { useTranslation } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/date-time-format';
import type { ProviderTrustFigures } from '@slotwise/shared/stats-types';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { StarRating } from '../../../components/star-rating';
import { CardSection } from '../../../components/card-section';

/** Trust figures (docs/decisions/045-reviews-and-ratings.md): mean rating, reviews, no-shows. */
export function TrustFigures({ rating, reviewCount, noShowRate }: ProviderTrustFigures) {
  const { t } = useTranslation();
  return (
    <CardSection titleId="trust-figures-title" title={t('Ratings and reliability')}>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{t('Mean rating')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {rating === null ? (
              <span className="text-base font-normal text-slate-600">
                {t(REVIEW_MESSAGES.noReviewsYet)}
              </span>
            ) : (
              <>
                {rating.toFixed(1)}
                <span className="ms-2 align-middle">
                  <StarRating rating={rating} reviewCount={null} />
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('Reviews')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{reviewCount}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('No-show rate (30 days)')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatNumber(noShowRate)}%</dd>
        </div>
      </dl>
    </CardSection>
  );
}
