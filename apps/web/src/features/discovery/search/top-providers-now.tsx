import { useTranslation } from '../../../lib/i18n';
import type { ProviderListing } from '@slotwise/shared/discovery-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { StarRating } from '../../../components/star-rating';
import { categoryName } from '../../../lib/category-name';
import { fullName } from '../../../lib/full-name';
import { useTopProviders } from '../api/get-top-providers';
import { nextFreeText, providerSlotPath } from './listing-texts';

/** How many top-rated providers the landing page shows. */
export const LANDING_TOP_PROVIDERS = 4;

function TopProviderCard({ provider }: { provider: ProviderListing }) {
  const { t } = useTranslation();
  const name = fullName(provider.first_name, provider.last_name);
  const next = nextFreeText(provider);
  return (
    <Link
      to={providerSlotPath(provider.provider_id, null)}
      className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 hover:shadow-md"
    >
      <Avatar src={provider.profile_image_url} name={name} alt="" size="lg" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{name}</span>
        <span className="block text-sm text-indigo-700">
          {provider.category ? t(categoryName(provider.category)) : provider.specialty}
          {provider.city ? (
            <span className="text-slate-600">
              {' · '}
              {provider.city}
            </span>
          ) : null}
        </span>
        <StarRating
          rating={provider.rating}
          reviewCount={provider.review_count}
          emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
        />
        <span className="mt-1 block text-sm font-medium text-slate-800">
          {next ? t('Next free: {{when}}', { when: next }) : t('No free times soon')}
        </span>
      </span>
    </Link>
  );
}

/**
 * The landing page's 'Top-rated providers' band (docs/product.md §14.2): the search API's best
 * rated (the home carousel's query: one request for both), each with its next free time on its
 * own clock, each a link to the provider's page. Nothing shows until they are known.
 */
export function TopProvidersBand() {
  const { t } = useTranslation();
  const top = useTopProviders();
  const providers = (top.data ?? []).slice(0, LANDING_TOP_PROVIDERS);
  if (!providers.length) return null;
  return (
    <section id="top-providers" aria-labelledby="top-providers-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2
          id="top-providers-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          {t('Top-rated providers')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          {t('Loved by clients, and free soon.')}
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {providers.map((provider) => (
            <li key={provider.provider_id}>
              <TopProviderCard provider={provider} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
