import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { PublicPageFailure } from '../../components/public-page-failure';
import { PolicyList } from '../../components/policy-list';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Avatar } from '../../components/avatar';
import { StarRating } from '../../components/star-rating';
import { ApiError } from '../../lib/api-client';
import { categoryName } from '../../lib/category-name';
import { fullName } from '../../lib/full-name';
import { useSlotAvailability } from '../../lib/realtime-context';
import { useMetaDescription } from '../../lib/use-meta-description';
import { useAvailableSlots } from '../availability/api/get-available-slots';
import { useProvider } from './api/get-provider';
import { AvailableTimes } from './components/available-times';
import { sectionClass } from './components/provider-section-class';
import { ServicesSection } from './components/services-section';

function locationText(details: ProviderDetail): string | null {
  const { location } = details;
  if (!location) return details.serviceMode === 'online' ? 'Online' : null;
  const place = [location.name, location.region, location.country].filter(Boolean).join(', ');
  return location.address ? `${location.address}, ${place}` : place;
}

function serviceModeText(details: ProviderDetail): string {
  switch (details.serviceMode) {
    case 'at_client':
      return details.radiusKm ? `Comes to you, within ${details.radiusKm} km` : 'Comes to you';
    case 'online':
      return 'Online appointments';
    default:
      return "At the provider's place";
  }
}

/** A short description for search engines and link previews. */
function describe(details: ProviderDetail, name: string): string {
  const what = details.category ? categoryName(details.category) : details.specialty;
  const where = details.location ? ` in ${details.location.name}` : '';
  const rating =
    details.rating !== null && details.reviewCount > 0
      ? ` Rated ${details.rating.toFixed(1)} out of 5 by ${details.reviewCount} ${details.reviewCount === 1 ? 'client' : 'clients'}.`
      : '';
  return `${name}, ${what}${where}. See services, prices and free times, and book online.${rating}`;
}

/**
 * /providers/:id (docs/product.md §11.2): the public profile — services with prices and
 * durations, rating and reviews (`reviews`, composed in by app/), location, booking policy and
 * the free times by day. Anyone may look; booking needs a client's session.
 */
export function PublicProviderPage({ reviews = null }: { reviews?: ReactNode }) {
  const { id = '' } = useParams();
  const provider = useProvider(id);
  // Started with the details (one round trip, not two).
  useAvailableSlots(id);
  useSlotAvailability(provider.isSuccess ? id : null);
  const details = provider.data;
  const name = details ? fullName(details.firstName, details.lastName) : '';
  useMetaDescription(details ? describe(details, name) : null);

  if (provider.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>Provider · Slotwise</title>
        <p role="status" className="text-slate-600">
          {MESSAGES.loadingProviderDetails}
        </p>
      </div>
    );
  }

  if (provider.isError || !details) {
    return (
      <PublicPageFailure
        notFound={provider.error instanceof ApiError && provider.error.status === 404}
        notFoundText={BOOKING_MESSAGES.providerNotFound}
        failedText={MESSAGES.loadProviderFailed}
        onRetry={() => void provider.refetch()}
      />
    );
  }

  const where = locationText(details);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${name}${details.category ? ` · ${categoryName(details.category)}` : ''} · Slotwise`}</title>
      <section
        aria-labelledby="provider-name"
        className={`flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left ${sectionClass}`}
      >
        <Avatar src={details.profileImageUrl} name={name} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="provider-name" className="text-2xl font-bold break-words text-slate-900">
            {name}
          </h1>
          <p className="font-medium text-indigo-700">
            {[details.category ? categoryName(details.category) : null, details.specialty]
              .filter(
                (text, index, all) =>
                  text && all.findIndex((t) => t?.toLowerCase() === text.toLowerCase()) === index,
              )
              .join(' · ')}
          </p>
          <StarRating
            rating={details.rating}
            reviewCount={details.reviewCount}
            size="md"
            emptyText={REVIEW_MESSAGES.noReviewsYet}
          />
          {where ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="sr-only">Location: </span>
              {where}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{serviceModeText(details)}</p>
          {details.bio ? (
            <p className="mt-3 break-words whitespace-pre-line text-slate-700">{details.bio}</p>
          ) : null}
        </div>
      </section>
      <AvailableTimes providerId={id} />
      <ServicesSection details={details} />
      {details.bookingPolicy ? (
        <section aria-labelledby="policy-title" className={sectionClass}>
          <h2 id="policy-title" className="mb-2 text-lg font-semibold text-slate-900">
            Booking policy
          </h2>
          <PolicyList
            policy={details.bookingPolicy}
            className="list-disc space-y-1 pl-5 text-sm text-slate-700"
          />
        </section>
      ) : null}
      {reviews}
    </div>
  );
}
