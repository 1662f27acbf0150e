import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { StarRating } from '../../../components/star-rating';
import { categoryName } from '../../../lib/category-name';
import { fullName } from '../../../lib/full-name';
import { useSession } from '../../../lib/session';
import { useOpenConversation } from '../../messages/api/open-conversation';
import { translate, useTranslation } from '../../../lib/i18n';

/** 'Plumbing · Plumber': the category and the specialty, the same word once. */
function whatText(details: ProviderDetail): string {
  return [details.category ? translate(categoryName(details.category)) : null, details.specialty]
    .filter(
      (text, index, all): text is string =>
        !!text && all.findIndex((t) => t?.toLowerCase() === text.toLowerCase()) === index,
    )
    .join(' · ');
}

/** The city line: 'Lisbon, Lisboa, Portugal'. */
function cityText(details: ProviderDetail): string | null {
  const { location } = details;
  if (!location) return null;
  return [location.name, location.region, location.country].filter(Boolean).join(', ');
}

/** Where the appointment happens: the street address, the area served, or online. */
function whereText(details: ProviderDetail): string {
  switch (details.serviceMode) {
    case 'at_client':
      return details.radiusKm
        ? translate('Comes to you, within {{km}} km', { km: details.radiusKm })
        : translate('Comes to you');
    case 'online':
      return translate('Online appointments');
    default:
      return details.location?.address ?? translate("At the provider's place");
  }
}

/**
 * An OpenStreetMap link (docs/product.md §14.1): a search for the street address when there is
 * one, else the place's coordinates.
 */
function mapUrl(details: ProviderDetail): string | null {
  const { location } = details;
  if (!location || details.serviceMode === 'online') return null;
  if (location.address && details.serviceMode === 'at_provider') {
    const query = [location.address, location.name, location.country].join(', ');
    return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
  }
  const { lat, lng } = location;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=14/${lat}/${lng}`;
}

/**
 * Who and where (docs/product.md §14.1): photo, name, what they do, rating, city, address or
 * area served with a map link, their business; SPEC's email and bio (§2.14) follow.
 */
export function ProviderHeader({
  details,
  action = null,
}: {
  details: ProviderDetail;
  /** A quiet action beside the name ('Report', composed in by app/). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const message = useOpenConversation();
  const name = fullName(details.firstName, details.lastName);
  const city = cityText(details);
  const map = mapUrl(details);
  return (
    <section
      aria-labelledby="provider-name"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-4">
        <Avatar src={details.profileImageUrl} name={name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1
            id="provider-name"
            className="text-xl font-bold break-words text-slate-900 sm:text-2xl"
          >
            {name}
          </h1>
          <p className="font-medium text-indigo-700">{whatText(details)}</p>
          <StarRating
            rating={details.rating}
            reviewCount={details.reviewCount}
            size="md"
            emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
          />
        </div>
        {action}
      </div>
      <div className="mt-3 space-y-1 text-sm text-slate-700">
        {city ? (
          <p>
            <span className="sr-only">{t('City:')} </span>
            {city}
          </p>
        ) : null}
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span>
            <span className="sr-only">{t('Where:')} </span>
            {whereText(details)}
          </span>
          {map ? (
            <a
              href={map}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              {t('Show on map')} <span className="sr-only">{t('(opens in a new tab)')}</span>
            </a>
          ) : null}
        </p>
        {details.business_id && details.business_name ? (
          <p>
            <Link
              to={`/businesses/${encodeURIComponent(details.business_id)}`}
              className="font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              {BUSINESS_TEXTS.atBusiness(details.business_name)}
            </Link>
          </p>
        ) : null}
        {details.email ? (
          <p className="break-all">
            <span className="sr-only">{t('Email:')} </span>
            <a href={`mailto:${details.email}`} className="hover:text-indigo-700 hover:underline">
              {details.email}
            </a>
          </p>
        ) : null}
      </div>
      {details.bio ? (
        <p className="mt-3 break-words whitespace-pre-line text-slate-700">{details.bio}</p>
      ) : null}
      {session?.role === 'client' ? (
        // Messages (features/messages): ask before booking.
        <button
          type="button"
          onClick={() => message.mutate({ providerId: details.provider_id })}
          disabled={message.isPending}
          className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('Message {{name}}', { name: details.firstName })}
        </button>
      ) : null}
    </section>
  );
}
