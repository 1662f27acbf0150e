import type { ProviderListing } from '@slotwise/shared/discovery-schemas';
import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { StarRating } from '../../../components/star-rating';
import { categoryName } from '../../../lib/category-name';
import { fullName } from '../../../lib/full-name';

const NEXT_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO instant → 'Tue 24 Nov, 10:00' in the visitor's own zone. */
function formatNextAvailable(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : NEXT_FORMAT.format(date);
}

/** '3.2 km away' (one decimal, as the server rounds it). */
function distanceText(km: number): string {
  return `${km.toLocaleString('en', { maximumFractionDigits: 1 })} km away`;
}

/** The public page of a provider, with one of its slots chosen. */
function providerSlotPath(providerId: string, slotId: string | null): string {
  const path = `/providers/${encodeURIComponent(providerId)}`;
  return slotId ? `${path}?slot=${encodeURIComponent(slotId)}` : path;
}

/**
 * One result of /providers (docs/product.md §11.2): photo or initials, name (the link to the
 * public page), category, the business they work in (its page, docs/product.md §13), city and
 * distance, rating and count, the cheapest price, and the next free time, which opens that slot
 * on the provider's page.
 */
export function ProviderResultCard({ provider }: { provider: ProviderListing }) {
  const name = fullName(provider.first_name, provider.last_name);
  const titleId = `provider-${provider.provider_id}`;
  const where = [
    provider.city,
    provider.distance_km !== null ? distanceText(provider.distance_km) : null,
  ].filter(Boolean);
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
            {provider.category ? categoryName(provider.category) : provider.specialty}
            {provider.category &&
            provider.specialty &&
            // 'Plumber · Plumber' says nothing twice.
            provider.specialty.toLowerCase() !== categoryName(provider.category).toLowerCase() ? (
              <span className="font-normal text-slate-600"> · {provider.specialty}</span>
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
          {where.length ? <p className="text-sm text-slate-600">{where.join(' · ')}</p> : null}
          <StarRating
            rating={provider.rating}
            reviewCount={provider.review_count}
            emptyText={REVIEW_MESSAGES.noReviewsYet}
          />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-800">
          {provider.price_from_cents !== null && provider.currency ? (
            <>
              from{' '}
              <span className="font-semibold">
                {formatPrice(provider.price_from_cents, provider.currency)}
              </span>
            </>
          ) : (
            <span className="text-slate-500">Prices on request</span>
          )}
        </p>
        {provider.next_available && provider.next_available_slot_id ? (
          <Link
            to={providerSlotPath(provider.provider_id, provider.next_available_slot_id)}
            aria-describedby={titleId}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Next available: {formatNextAvailable(provider.next_available)}
          </Link>
        ) : (
          <span className="text-sm text-slate-500">No free times soon</span>
        )}
      </div>
    </article>
  );
}
