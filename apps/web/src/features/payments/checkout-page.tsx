import { useTranslation } from '../../lib/i18n';
import {
  type CheckoutResponse,
  feeTierSentences,
  PAYMENT_MESSAGES,
  testCheckoutBodySchema,
} from '@slotwise/shared/payments-schemas';
import { countdownText, PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { ApiError } from '../../lib/api-client';
import { formatInstantTime, formatInstantWhen, formatMoney } from '../../lib/date-time-format';
import { failureMessage } from '../../lib/failure-message';
import { fullName } from '../../lib/full-name';
import { useCheckout } from './api/get-checkout';
import { usePayWithTestCard } from './api/test-checkout';
import { useSecondsLeft } from '../../lib/use-seconds-left';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8';

/**
 * /pay/:paymentId (docs/product.md §16, docs/decisions/068-payments.md): what the payment is for,
 * the amount and the terms, the time left to pay, and the test provider's card form. A decline
 * says so and lets the client try again; an expired hold points back to the provider; a paid one
 * to the client's appointments. Kept light: no form library, no charts.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { paymentId = '' } = useParams();
  const checkout = useCheckout(paymentId);
  return (
    <section aria-labelledby="checkout-title" className="mx-auto w-full max-w-lg px-4 pt-4 pb-12">
      <title>{`${t(PAYMENT_TEXTS.checkoutTitle)} · Slotwise`}</title>
      {checkout.data ? (
        <Checkout paymentId={paymentId} data={checkout.data} />
      ) : checkout.isError ? (
        <div className={CARD}>
          <h1 id="checkout-title" className="text-2xl font-bold text-slate-900">
            {t(PAYMENT_TEXTS.checkoutTitle)}
          </h1>
          {checkout.error instanceof ApiError && checkout.error.status === 404 ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {t(PAYMENT_MESSAGES.paymentNotFound)}
            </p>
          ) : (
            <LoadFailed className="mt-3" onRetry={() => void checkout.refetch()}>
              {t(PAYMENT_TEXTS.loadFailed)}
            </LoadFailed>
          )}
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('Loading payment...')}
        </p>
      )}
    </section>
  );
}

function Checkout({ paymentId, data }: { paymentId: string; data: CheckoutResponse }) {
  const { t } = useTranslation();
  const { payment, appointment } = data;
  const secondsLeft = useSecondsLeft(payment.expires_at);
  const cardOnFile = payment.mode === 'card_on_file';
  const expired =
    payment.status === 'expired' || (payment.status === 'pending' && secondsLeft === 0);
  const terms = feeTierSentences(payment.cancellation_fees, payment.no_show_fee_percent);
  const zone = appointment.timezone;
  const when = `${formatInstantWhen(appointment.starts_at, zone)}–${formatInstantTime(appointment.ends_at, zone)}`;
  const providerLink = appointment.provider_id
    ? `/providers/${encodeURIComponent(appointment.provider_id)}`
    : '/providers';

  return (
    <div className={CARD}>
      <h1 id="checkout-title" className="text-2xl font-bold text-slate-900">
        {cardOnFile ? t(PAYMENT_TEXTS.saveCardTitle) : t(PAYMENT_TEXTS.checkoutTitle)}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
        <dt className="text-slate-600">{t('Provider')}</dt>
        <dd className="font-medium">
          {fullName(appointment.provider_first_name, appointment.provider_last_name)}
        </dd>
        {appointment.service_name ? (
          <>
            <dt className="text-slate-600">{t('Service')}</dt>
            <dd className="font-medium">{appointment.service_name}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t('When')}</dt>
        <dd className="font-medium">{when}</dd>
        <dt className="text-slate-600">{cardOnFile ? t('Due now') : t('Amount')}</dt>
        <dd className="font-medium">
          {cardOnFile
            ? t(PAYMENT_TEXTS.cardOnFileDue)
            : formatMoney(payment.amount_cents, payment.currency)}
        </dd>
      </dl>
      {zone ? (
        <p className="mt-1 text-xs text-slate-600">{t(MESSAGES.providerLocalTimeNote)}</p>
      ) : null}
      <h2 className="mt-4 text-sm font-semibold text-slate-900">{t('Cancellation terms')}</h2>
      <ul
        aria-label={t('Cancellation terms')}
        className="mt-1 list-disc ps-5 text-sm text-slate-700"
      >
        {(terms.length > 0 ? terms : [t(PAYMENT_TEXTS.noFees)]).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <div className="mt-5">
        {payment.status === 'paid' ? (
          <div
            role="status"
            className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            <p>{cardOnFile ? t(PAYMENT_MESSAGES.cardSaved) : t(PAYMENT_MESSAGES.paid)}.</p>
            <Link to="/client/appointments" className="mt-2 inline-block font-semibold underline">
              {t(PAYMENT_TEXTS.myAppointments)}
            </Link>
          </div>
        ) : expired ? (
          <div role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p>{t(PAYMENT_MESSAGES.paymentExpired)}</p>
            <Link to={providerLink} className="mt-2 inline-block font-semibold underline">
              {t(PAYMENT_TEXTS.bookAgain)}
            </Link>
          </div>
        ) : data.provider === 'stripe' && payment.checkout_url ? (
          // With Stripe the card is taken on Stripe's page.
          <a
            href={payment.checkout_url}
            className="inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {t(PAYMENT_TEXTS.continueToPayment)}
          </a>
        ) : (
          <CardForm paymentId={paymentId} cardOnFile={cardOnFile} secondsLeft={secondsLeft} />
        )}
      </div>
    </div>
  );
}

function CardForm({
  paymentId,
  cardOnFile,
  secondsLeft,
}: {
  paymentId: string;
  cardOnFile: boolean;
  secondsLeft: number;
}) {
  const { t } = useTranslation();
  const pay = usePayWithTestCard();
  const [cardNumber, setCardNumber] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = testCheckoutBodySchema.safeParse({ cardNumber });
    if (!parsed.success) {
      setInvalid(t(PAYMENT_MESSAGES.cardNumberInvalid));
      return;
    }
    setInvalid(null);
    pay.mutate(
      { paymentId, body: { cardNumber: parsed.data.cardNumber } },
      // A decline keeps the form for another card; an expiry or an earlier payment shows
      // once the checkout is read again.
      { onError: (error) => setFailure(failureMessage(error, t(PAYMENT_TEXTS.payFailed))) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">
        {t(PAYMENT_TEXTS.timeLeft)}:{' '}
        <span className="font-semibold tabular-nums">{countdownText(secondsLeft)}</span>
      </p>
      <div>
        <label htmlFor="card-number" className="block text-sm font-medium text-slate-700">
          {t(PAYMENT_TEXTS.cardLabel)}
        </label>
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`card-number-hint${invalid ? ' card-number-error' : ''}`}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <p id="card-number-hint" className="mt-1 text-xs text-slate-600">
          {t(PAYMENT_TEXTS.cardHint)}
        </p>
        <p id="card-number-error" aria-live="polite" className="mt-1 text-sm text-red-600">
          {invalid}
        </p>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pay.isPending}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {pay.isPending
          ? cardOnFile
            ? t(PAYMENT_TEXTS.savingCard)
            : t(PAYMENT_TEXTS.paying)
          : cardOnFile
            ? t(PAYMENT_TEXTS.saveCard)
            : t(PAYMENT_TEXTS.pay)}
      </button>
    </form>
  );
}
