import { useTranslation } from '../../../lib/i18n';
import type { ProviderListing } from '@slotwise/shared/discovery-schemas';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { StarRating } from '../../../components/star-rating';
import { categoryName } from '../../../lib/category-name';
import { formatDistance } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { nextFreeText, priceFromText, providerSlotPath } from '../search/listing-texts';

/**
 * One result of /providers (docs/product.md §11.2, §14.2): photo or initials, name (the link to
 * the public page), category, the business they work in (its page, docs/product.md §13), city and
 * distance, rating and count, the cheapest service with its price, and the next free time on the
 * provider's clock, which opens that slot on the provider's page.
 */
export function ProviderResultCard({ provider }: { provider: ProviderListing }) {
  const { t } = useTranslation();
  const name = fullName(provider.first_name, provider.last_name);
  const titleId = `provider-${provider.provider_id}`;
  const where = [
    provider.city,
    provider.distance_km !== null ? formatDistance(provider.distance_km) : null,
  ].filter(Boolean);
  const next = nextFreeText(provider);
  const price = priceFromText(provider);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <Avatar src={provider.profile_image_url} name={name} alt="" size="lg" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            <Link
              to={providerSlotPath(provider.provider_id, null)}
              className="hover:text-indigo-700 hover:underline"
            >
              {name}
            </Link>
          </h2>
          <p className="text-sm font-medium text-indigo-700">
            {provider.category ? t(categoryName(provider.category)) : provider.specialty}
            {provider.category &&
            provider.specialty &&
            // 'Plumber · Plumber' says nothing twice.
            provider.specialty.toLowerCase() !== categoryName(provider.category).toLowerCase() ? (
              <span className="font-normal text-slate-600">
                {' · '}
                {provider.specialty}
              </span>
            ) : null}
          </p>
          {provider.business_id && provider.business_name ? (
            <p className="text-sm text-slate-700">
              <Link
                to={`/businesses/${encodeURIComponent(provider.business_id)}`}
                className="text-indigo-700 hover:underline"
              >
                {BUSINESS_TEXTS.atBusiness(provider.business_name)}
              </Link>
            </p>
          ) : null}
          <StarRating
            rating={provider.rating}
            reviewCount={provider.review_count}
            emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
          />
          {where.length ? (
            <p className="text-sm text-slate-600" data-testid="result-where">
              {where.join(' · ')}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-800">
          {price ?? <span className="text-slate-600">{t('Prices on request')}</span>}
        </p>
        {next && provider.next_available_slot_id ? (
          <Link
            to={providerSlotPath(provider.provider_id, provider.next_available_slot_id)}
            aria-describedby={titleId}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {next}
          </Link>
        ) : (
          <span className="text-sm text-slate-600">{t('No free times soon')}</span>
        )}
      </div>
    </article>
  );
}
