import { useTranslation } from '../../lib/i18n';
import { BUSINESS_MESSAGES, BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import type { PublicBusiness } from '@slotwise/shared/business-schemas';
import { formatMoney } from '../../lib/date-time-format';
import { durationText } from '@slotwise/shared/policies-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../components/avatar';
import { StarRating } from '../../components/star-rating';
import { PublicPageFailure } from '../../components/public-page-failure';
import { ApiError } from '../../lib/api-client';
import { fullName } from '../../lib/full-name';
import { useMetaDescription } from '../../lib/use-meta-description';
import { usePublicBusiness } from './api/get-public-business';
import { BusinessBooking } from './components/business-booking';
import { BOOKING_PARAMS, cardClass } from './booking-params';

/**
 * /businesses/:id (docs/product.md §13): a business's public page, beside the providers' own —
 * its name and rating, its staff, its services; choosing a service shows the free times of its
 * staff by day, for "any staff" or one person, and a client books one. Anyone may look.
 * `waitlist`: 'Join the waitlist' for the person chosen (docs/product.md §17), composed in by app/.
 */
export function PublicBusinessPage({
  waitlist,
}: {
  waitlist?: (providerId: string) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const business = usePublicBusiness(id);
  const data = business.data;
  useMetaDescription(
    data ? t('{{name}}: services, staff and free times. Book online.', { name: data.name }) : null,
  );

  if (business.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>{t('Business · Slotwise')}</title>
        <p role="status" className="text-slate-600">
          {t(BUSINESS_TEXTS.loading)}
        </p>
      </div>
    );
  }

  if (business.isError) {
    return (
      <PublicPageFailure
        notFound={business.error instanceof ApiError && business.error.status === 404}
        notFoundText={t(BUSINESS_MESSAGES.businessNotFound)}
        failedText={t(BUSINESS_TEXTS.loadFailed)}
        onRetry={() => void business.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${business.data.name} · Slotwise`}</title>
      <section aria-labelledby="business-name" className={cardClass}>
        <h1 id="business-name" className="text-2xl font-bold break-words text-slate-900">
          {business.data.name}
        </h1>
        <StarRating
          rating={business.data.rating}
          reviewCount={business.data.reviewCount}
          size="md"
          emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
        />
      </section>
      <StaffCards business={business.data} />
      <ServiceChooser business={business.data} />
      <BusinessBooking business={business.data} waitlist={waitlist} />
    </div>
  );
}

function StaffCards({ business }: { business: PublicBusiness }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="business-team-title" className={cardClass}>
      <h2 id="business-team-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.staffCardsTitle)}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {business.staff.map((member) => {
          const name = fullName(member.first_name, member.last_name);
          return (
            <li key={member.provider_id}>
              <article
                aria-label={name}
                className="flex items-center gap-3 rounded-md border border-slate-200 p-3"
              >
                <Avatar src={member.profile_image_url} name={name} alt="" size="lg" />
                <div className="min-w-0">
                  <Link
                    to={`/providers/${encodeURIComponent(member.provider_id)}`}
                    className="font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline"
                  >
                    {name}
                  </Link>
                  <StarRating
                    rating={member.rating}
                    reviewCount={member.review_count}
                    emptyText={t(REVIEW_MESSAGES.noReviewsYet)}
                  />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The services with duration and price; choosing one (`?service=`) shows its times. */
function ServiceChooser({ business }: { business: PublicBusiness }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get(BOOKING_PARAMS.service);
  const choose = (serviceId: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(BOOKING_PARAMS.service, serviceId);
        next.delete(BOOKING_PARAMS.time);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <section aria-labelledby="business-services-title" className={cardClass}>
      <h2 id="business-services-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.servicesTitle)}
      </h2>
      {business.services.length === 0 ? (
        <p className="text-sm text-slate-600">{t(BUSINESS_TEXTS.noServices)}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {business.services.map((service) => (
            <li key={service.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">{service.name}</span>
                {service.description ? (
                  <span className="block text-sm break-words text-slate-600">
                    {service.description}
                  </span>
                ) : null}
                <span className="block text-xs text-slate-600">
                  {durationText(service.duration_minutes)} ·{' '}
                  {formatMoney(service.price_cents, service.currency)}
                </span>
              </span>
              <button
                type="button"
                aria-pressed={service.id === chosen}
                aria-label={`${t(BUSINESS_TEXTS.chooseService)} ${service.name}`}
                onClick={() => choose(service.id)}
                className={`rounded-md border px-3 py-1.5 text-sm font-medium ${
                  service.id === chosen
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                {t(BUSINESS_TEXTS.chooseService)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
