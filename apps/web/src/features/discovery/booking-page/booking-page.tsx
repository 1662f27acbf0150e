import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { PolicyList } from '../../../components/policy-list';
import { PublicPageFailure } from '../../../components/public-page-failure';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { categoryName } from '../../../lib/category-name';
import { fullName } from '../../../lib/full-name';
import { useSlotAvailability } from '../../../lib/realtime-context';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useAvailableSlots } from '../../availability/api/get-available-slots';
import { useProvider } from '../api/get-provider';
import { BookingSection } from './booking-section';
import { ProviderHeader } from './provider-header';
import { translate, useTranslation } from '../../../lib/i18n';

/** A short description for search engines and link previews. */
function describe(details: ProviderDetail, name: string): string {
  const what = details.category ? translate(categoryName(details.category)) : details.specialty;
  const who = details.location
    ? translate('{{name}}, {{what}} in {{place}}.', { name, what, place: details.location.name })
    : translate('{{name}}, {{what}}.', { name, what });
  const rating =
    details.rating !== null && details.reviewCount > 0
      ? translate('Rated {{rating}} out of 5 by {{count}} clients.', {
          rating: details.rating.toFixed(1),
          count: details.reviewCount,
        })
      : '';
  return [who, translate('See services, prices and free times, and book online.'), rating]
    .filter(Boolean)
    .join(' ');
}

/**
 * The booking page (docs/product.md §14.1), one component for `/providers/:id` (anyone) and
 * `/client/provider/:id` (§2.14): who and where first, then service → day → time with the
 * booking summary, the booking policy and the reviews (`reviews`, composed in by app/), with
 * 'Join the waitlist' under the times (`waitlist`, composed in by app/: docs/product.md §17). The
 * times follow bookings by others live (the provider's availability room,
 * lib/realtime-context.ts).
 */
export function BookingPage({
  reviews = null,
  waitlist = null,
  report,
}: {
  reviews?: ReactNode;
  waitlist?: ReactNode;
  /** 'Report' on the provider (features/moderation, docs/product.md §19.3), composed in by app/. */
  report?: (details: ProviderDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const provider = useProvider(id);
  // Started with the details (one round trip, not two); shown once they arrive.
  useAvailableSlots(id);
  useSlotAvailability(provider.isSuccess ? id : null);
  const details = provider.data;
  const name = details ? fullName(details.firstName, details.lastName) : '';
  useMetaDescription(details ? describe(details, name) : null);

  if (provider.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>{t('Provider · Slotwise')}</title>
        <p role="status" className="text-slate-600">
          {t(MESSAGES.loadingProviderDetails)}
        </p>
      </div>
    );
  }

  if (provider.isError || !details) {
    return (
      <PublicPageFailure
        notFound={provider.error instanceof ApiError && provider.error.status === 404}
        notFoundText={t(BOOKING_MESSAGES.providerNotFound)}
        failedText={t(MESSAGES.loadProviderFailed)}
        onRetry={() => void provider.refetch()}
      />
    );
  }

  return (
    // With a chosen time, room under the content for the phone's booking bar (booking-summary.tsx).
    <div
      className={`mx-auto w-full max-w-5xl space-y-4 px-4 pt-4 sm:space-y-6 sm:px-6 sm:py-8 ${params.has('slot') ? 'pb-40' : 'pb-6'}`}
    >
      <title>
        {details.category
          ? t('{{name}} · {{category}} · Slotwise', {
              name,
              category: t(categoryName(details.category)),
            })
          : t('{{name}} · Slotwise', { name })}
      </title>
      <ProviderHeader details={details} action={report?.(details)} />
      <BookingSection details={details} waitlist={waitlist} />
      {details.bookingPolicy ? (
        <section
          aria-labelledby="policy-title"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="policy-title" className="mb-2 text-base font-semibold text-slate-900">
            {t('Booking policy')}
          </h2>
          <PolicyList
            policy={details.bookingPolicy}
            className="list-disc space-y-1 ps-5 text-sm text-slate-700"
          />
        </section>
      ) : null}
      {reviews}
    </div>
  );
}
