import { useTranslation } from '../../../lib/i18n';
import type { ClientAppointment, ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { PAYMENT_TEXTS, paymentLine } from '@slotwise/shared/payments-texts';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { formatDate, formatTimeRange, formatMoney } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { cancellationState } from '../cancellation';
import { isUpcoming } from '../upcoming';

const cancelButtonClass =
  'rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50';

type AppointmentCardProps =
  | {
      /** The client's list: the provider, their specialty, Cancel and Reschedule. */
      variant: 'client';
      appointment: ClientAppointment;
      onCancel: () => void;
      onReschedule: () => void;
      /** Opens the conversation with the provider (shown while booked). */
      onMessage?: () => void;
      /** 'Leave a review': shown for a completed appointment not reviewed yet. */
      onReview?: () => void;
      /** 'Repeat' (docs/decisions/067-seats-and-series.md): an upcoming one not in a series. */
      onRepeat?: () => void;
    }
  | {
      /** The provider's list: the client, the service, and Cancel when `onCancel` is given. */
      variant: 'provider';
      appointment: ProviderAppointment;
      onCancel?: () => void;
      /** Opens the conversation with the client (shown with Cancel, i.e. upcoming). */
      onMessage?: () => void;
      /** 'Mark as no-show': given by the list when the appointment qualifies. */
      onNoShow?: () => void;
    };

/**
 * One appointment: who, what, date, time range and status, with its actions described by the
 * card's title and time. Client (docs/product.md §4, §14.4): Cancel and Reschedule while booked;
 * a past one (ended, canceled, no-show) offers 'Book again' instead. Provider: Cancel when the
 * list offers it.
 */
export function AppointmentCard(props: AppointmentCardProps) {
  const { t } = useTranslation();
  const { appointment } = props;
  const client = props.variant === 'client';
  const prefix = client ? 'appointment' : 'provider-appointment';
  const titleId = `${prefix}-${appointment.appointment_id}-title`;
  const whenId = `${prefix}-${appointment.appointment_id}-when`;
  const describedBy = `${titleId} ${whenId}`;
  const Heading = client ? 'h2' : 'h3';
  const name = client
    ? fullName(props.appointment.provider_first_name, props.appointment.provider_last_name)
    : fullName(props.appointment.client_first_name, props.appointment.client_last_name);
  const detail = client ? props.appointment.provider_specialty : props.appointment.service_type;
  // The service and price as booked (docs/product.md §11.1); later price changes do not show.
  const price =
    appointment.price_cents != null && appointment.currency
      ? formatMoney(appointment.price_cents, appointment.currency)
      : null;
  const bookedService = client ? appointment.service_name : null;
  const showMessage =
    props.onMessage !== undefined &&
    (client ? isUpcoming(props.appointment) : props.onCancel !== undefined);

  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between${client ? ' sm:p-5' : ''}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Heading id={titleId} className="font-semibold break-words text-slate-900">
            {name}
          </Heading>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        {detail || !client ? <p className="text-sm text-indigo-700">{detail}</p> : null}
        {bookedService || price ? (
          <p className="text-sm text-slate-800">
            {bookedService ? <span className="font-medium">{bookedService}</span> : null}
            {bookedService && price ? <span aria-hidden="true"> · </span> : null}
            {price ? (
              <span>
                <span className="sr-only">{bookedService ? t(', price: ') : t('Price: ')}</span>
                {price}
              </span>
            ) : null}
          </p>
        ) : null}
        {appointment.payment ? (
          // What was paid, refunded or kept (docs/product.md §16).
          <p className="text-sm text-slate-700">{paymentLine(appointment.payment)}</p>
        ) : null}
        <p id={whenId} className="mt-1 text-sm text-slate-700">
          <span>{formatDate(appointment.day)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span>{formatTimeRange(appointment.start_time, appointment.end_time)}</span>
        </p>
      </div>
      {showMessage ? (
        <CardAction kind="message" onClick={props.onMessage} describedBy={describedBy}>
          {t('Message')}
        </CardAction>
      ) : null}
      {client &&
      props.onReview &&
      appointment.status === 'completed' &&
      props.appointment.reviewed === false ? (
        <CardAction kind="review" onClick={props.onReview} describedBy={describedBy}>
          {t(REVIEW_MESSAGES.leaveReview)}
        </CardAction>
      ) : null}
      {client && (props.appointment as { review_hidden?: boolean }).review_hidden ? (
        // A hidden review stays in the client's own history, marked (docs/product.md §19.3).
        <p className="text-sm text-slate-600">{t(MODERATION_TEXTS.reviewHiddenMark)}</p>
      ) : null}
      {!client && props.onNoShow ? (
        <CardAction kind="noShow" onClick={props.onNoShow} describedBy={describedBy}>
          {t(REVIEW_MESSAGES.markNoShow)}
        </CardAction>
      ) : null}
      {client && appointment.status === 'pending_payment' && appointment.payment?.checkout_url ? (
        <PayNowLink href={appointment.payment.checkout_url} describedBy={describedBy} />
      ) : client ? (
        <ClientActions
          providerId={props.appointment.provider_id}
          upcoming={isUpcoming(props.appointment)}
          cancellableUntil={props.appointment.cancellable_until}
          describedBy={describedBy}
          onCancel={props.onCancel}
          onReschedule={props.onReschedule}
          // A service paid when booking cannot repeat (docs/product.md §16.2).
          onRepeat={
            props.appointment.series_id || props.appointment.payment ? undefined : props.onRepeat
          }
        />
      ) : props.onCancel ? (
        <CardAction kind="cancel" onClick={props.onCancel} describedBy={describedBy}>
          {t('Cancel')}
        </CardAction>
      ) : null}
    </article>
  );
}

/** A held time waiting for its payment: on to the checkout (docs/decisions/068-payments.md). */
function PayNowLink({ href, describedBy }: { href: string; describedBy: string }) {
  const { t } = useTranslation();
  const className =
    'self-start rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 sm:self-center';
  return /^https?:\/\//.test(href) ? (
    <a href={href} aria-describedby={describedBy} className={className}>
      {t(PAYMENT_TEXTS.payNow)}
    </a>
  ) : (
    <Link to={href} aria-describedby={describedBy} className={className}>
      {t(PAYMENT_TEXTS.payNow)}
    </Link>
  );
}

/** The card's own action buttons' looks, by action. */
const ACTION_CLASS = {
  message:
    'self-start rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:ms-auto sm:self-center',
  review:
    'self-start rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 sm:self-center',
  noShow:
    'self-start rounded-md border border-amber-400 px-3 py-1.5 text-sm font-medium text-amber-800 hover:bg-amber-50 sm:self-center',
  cancel: `self-start sm:self-center ${cancelButtonClass}`,
};

/** One of the card's own action buttons, described by the appointment's name and time. */
function CardAction({
  kind,
  onClick,
  describedBy,
  children,
}: {
  kind: keyof typeof ACTION_CLASS;
  onClick: (() => void) | undefined;
  describedBy: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={describedBy}
      className={ACTION_CLASS[kind]}
    >
      {children}
    </button>
  );
}

interface ClientActionsProps {
  providerId: string;
  /** Booked and not over; otherwise past. */
  upcoming: boolean;
  /** Booking policy cut-off (docs/product.md §11.4): after it, both actions are disabled. */
  cancellableUntil?: string | null;
  describedBy: string;
  onCancel: () => void;
  onReschedule: () => void;
  onRepeat?: () => void;
}

function ClientActions({
  providerId,
  upcoming,
  cancellableUntil,
  describedBy,
  onCancel,
  onReschedule,
  onRepeat,
}: ClientActionsProps) {
  const { t } = useTranslation();
  if (!upcoming) {
    // Past (completed, canceled, no-show): the provider's page to book the same again.
    return (
      <Link
        to={`/client/provider/${encodeURIComponent(providerId)}`}
        aria-describedby={describedBy}
        className="self-start rounded-md border border-indigo-600 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 sm:self-center"
      >
        {t('Book again')}
      </Link>
    );
  }
  const cutoff = cancellationState(cancellableUntil);
  const reasonId = `${describedBy.split(' ')[0]}-cutoff`;
  const described = cutoff.text ? `${describedBy} ${reasonId}` : describedBy;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      {cutoff.text ? (
        <p
          id={reasonId}
          className={`w-full text-sm ${cutoff.passed ? 'text-amber-800' : 'text-emerald-700'}`}
        >
          {cutoff.text}
        </p>
      ) : null}
      <button
        type="button"
        onClick={onCancel}
        disabled={cutoff.passed}
        aria-describedby={described}
        className={`${cancelButtonClass} disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent`}
      >
        {t('Cancel')}
      </button>
      <button
        type="button"
        onClick={onReschedule}
        disabled={cutoff.passed}
        aria-describedby={described}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
      >
        {t('Reschedule')}
      </button>
      {onRepeat ? (
        <button
          type="button"
          onClick={onRepeat}
          aria-describedby={describedBy}
          className="rounded-md border border-indigo-600 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {t('Repeat')}
        </button>
      ) : null}
    </div>
  );
}
