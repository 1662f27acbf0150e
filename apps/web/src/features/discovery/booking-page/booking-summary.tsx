import type { AvailableSlot, PublicService } from '@slotwise/shared/discovery-schemas';
import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { amountDueAtBooking, feeTierSentences } from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTimeRange, formatWhen, formatMoney } from '../../../lib/date-time-format';
import { withNext } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { rememberBookingIntent } from './booking-intent';
import { durationText, seatsLeftText } from './booking-texts';
import { translate, useTranslation } from '../../../lib/i18n';

interface BookingSummaryProps {
  providerId: string;
  slot: AvailableSlot | null;
  /** The picked service (null: any service). */
  service: PublicService | null;
  /** The chosen slot's own service, when it names one (what it takes at booking). */
  slotService?: PublicService | null;
  policy: BookingPolicy | undefined;
  busy: boolean;
  onBook: () => void;
  failure: string | null;
}

/** The cancellation terms in hours or days (docs/product.md §11.4 cancel cut-off). */
function cancellationText(policy: BookingPolicy | undefined): string {
  const cutoff = policy?.cancelCutoffMinutes ?? 0;
  return cutoff > 0
    ? translate('Free cancellation until {{duration}} before', { duration: durationText(cutoff) })
    : translate('Free cancellation until the start time');
}

function priceOf(slot: AvailableSlot | null, service: PublicService | null): string | null {
  if (slot?.price_cents != null && slot.currency)
    return formatMoney(slot.price_cents, slot.currency);
  if (service && (!slot || !slot.service_id))
    return formatMoney(service.price_cents, service.currency);
  return null;
}

/** What booking takes now and on what terms, when the service takes money (docs/product.md §16). */
function paymentOf(
  slot: AvailableSlot | null,
  service: PublicService | null,
  policy: BookingPolicy | undefined,
): { paidNow: string; terms: string[] } | null {
  const mode = service?.payment_mode ?? 'none';
  if (!service || mode === 'none') return null;
  const priceCents = slot?.price_cents ?? service.price_cents;
  const currency = slot?.currency ?? service.currency;
  const due = amountDueAtBooking(mode, priceCents, service.deposit_cents ?? null);
  const terms = feeTierSentences(policy?.cancellationFees ?? [], policy?.noShowFeePercent ?? 0);
  return {
    paidNow: mode === 'card_on_file' ? translate('Card on file') : formatMoney(due, currency),
    terms: terms.length > 0 ? terms : [translate(PAYMENT_TEXTS.noFees)],
  };
}

/**
 * The chosen service, time, price and cancellation terms with the booking button
 * (docs/product.md §14.1): a bar fixed to the bottom of a phone's screen once a time is chosen,
 * beside the times on wider screens. Signed out, it signs in or registers and comes back to this
 * slot (`next`, lib/next-path.ts); a client books; a provider is told that clients book.
 */
export function BookingSummary({
  providerId,
  slot,
  service,
  slotService = null,
  policy,
  busy,
  onBook,
  failure,
}: BookingSummaryProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const serviceName = slot?.type || service?.name || null;
  const price = priceOf(slot, service);
  const seats = slot ? seatsLeftText(slot) : null;
  const payment = paymentOf(slot, slotService ?? service, policy);
  const here = slot
    ? `/providers/${encodeURIComponent(providerId)}?slot=${encodeURIComponent(slot.id)}`
    : null;

  let action: ReactNode = null;
  if (!slot) {
    action = <p className="text-sm text-slate-700">{t('Choose a time to book.')}</p>;
  } else if (!session) {
    action = (
      <div className="flex flex-wrap gap-2">
        <Link
          to={withNext('/login', here)}
          onClick={() => rememberBookingIntent(slot.id)}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {t('Sign in to book')}
        </Link>
        <Link
          to={withNext('/register', here)}
          onClick={() => rememberBookingIntent(slot.id)}
          className="rounded-md border border-indigo-300 bg-white px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {t('Create an account')}
        </Link>
        <p className="w-full text-xs text-slate-600">
          {t('We book {{when}} for you as soon as you are signed in.', {
            when: formatWhen(slot.day, slot.start_time),
          })}
        </p>
      </div>
    );
  } else if (session.role !== 'client') {
    action = (
      <p className="text-sm text-slate-700">
        {t('Clients book appointments. Sign in with a client account to book this time.')}
      </p>
    );
  } else {
    action = (
      <button
        type="button"
        onClick={onBook}
        disabled={busy}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60 sm:w-auto md:w-full"
      >
        {busy ? t('Booking...') : payment ? t(PAYMENT_TEXTS.continueToPayment) : t('Book Now')}
      </button>
    );
  }

  return (
    <div
      role="region"
      aria-labelledby="booking-summary-title"
      className={`z-20 border-indigo-200 bg-indigo-50 p-3 sm:rounded-md sm:border sm:p-4 md:sticky md:top-4 md:self-start ${
        slot
          ? 'fixed inset-x-0 bottom-[var(--tab-bar-h,0px)] border-t shadow-[0_-4px_12px_rgb(0_0_0/0.08)] sm:static sm:shadow-none'
          : 'hidden sm:block'
      }`}
    >
      <h3
        id="booking-summary-title"
        className="sr-only text-sm font-semibold text-slate-900 sm:not-sr-only"
      >
        {t('Your booking')}
      </h3>
      <dl className="flex flex-wrap gap-x-2 text-sm text-slate-800 sm:mt-1 sm:grid sm:grid-cols-[auto_1fr] sm:gap-x-3">
        {serviceName ? (
          <>
            <dt className="sr-only text-slate-600 sm:not-sr-only">{t('Service')}</dt>
            <dd className="min-w-0 truncate font-medium">{serviceName}</dd>
          </>
        ) : null}
        {slot ? (
          <>
            <dt className="sr-only text-slate-600 sm:not-sr-only">{t('Time')}</dt>
            <dd className="font-medium">
              {formatWhen(slot.day, slot.start_time)}
              <span className="sr-only">
                {' '}
                {t('({{range}})', { range: formatTimeRange(slot.start_time, slot.end_time) })}
              </span>
            </dd>
          </>
        ) : null}
        {price ? (
          <>
            <dt className="sr-only text-slate-600 sm:not-sr-only">{t('Price')}</dt>
            <dd className="font-medium">{price}</dd>
          </>
        ) : null}
        {payment ? (
          <>
            <dt className="sr-only text-slate-600 sm:not-sr-only">{t(PAYMENT_TEXTS.paidNow)}</dt>
            <dd className="font-medium">{payment.paidNow}</dd>
          </>
        ) : null}
        {seats ? (
          <>
            <dt className="sr-only text-slate-600 sm:not-sr-only">{t('Seats')}</dt>
            <dd className="font-medium">{seats}</dd>
          </>
        ) : null}
      </dl>
      {payment ? null : <p className="mt-1 text-xs text-slate-700">{cancellationText(policy)}</p>}
      {payment ? (
        <ul
          aria-label={t('Cancellation fees')}
          className="mt-1 list-disc ps-4 text-xs text-slate-700"
        >
          {payment.terms.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2">{action}</div>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
