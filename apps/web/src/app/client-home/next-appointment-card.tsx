import { useTranslation } from '../../lib/i18n';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { formatTimeRange, formatWhen, formatMoney } from '../../lib/date-time-format';
import { fullName } from '../../lib/full-name';
import { useLocalToday } from '../../lib/use-local-today';
import { useClientAppointments } from '../../features/appointments/api/get-client-appointments';
import { useDownloadAppointmentIcs } from '../../features/appointments/api/get-appointment-ics';
import { useProvider } from '../../features/discovery/api/get-provider';
import { useOpenConversation } from '../../features/messages/api/open-conversation';
import { nextAppointment } from '../../features/appointments/upcoming';
import { appointmentPlace } from './next-appointment';

const actionClass =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70';

/**
 * The client home's first card (docs/product.md §14.4): the soonest upcoming appointment — who
 * (photo, name, specialty), when ('Today 17:30' and the range), where (address or city) — with
 * Directions, Message and Add to calendar. Without one: a line and a link to find a specialist.
 */
export function NextAppointmentCard() {
  const { t } = useTranslation();
  const appointments = useClientAppointments();
  if (!appointments.isSuccess) return null;
  const next = nextAppointment(appointments.data.appointments);
  return (
    <section
      aria-labelledby="next-appointment-title"
      className="rounded-xl border border-indigo-200 bg-white p-5 shadow-sm"
    >
      <h2 id="next-appointment-title" className="text-lg font-semibold text-slate-900">
        {t('Next appointment')}
      </h2>
      {next ? (
        <NextAppointment appointment={next} />
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {t('No upcoming appointments.')}{' '}
          <Link
            to="/providers"
            className="font-semibold text-indigo-700 underline hover:text-indigo-900"
          >
            {t('Find a specialist')}
          </Link>
        </p>
      )}
    </section>
  );
}

function NextAppointment({ appointment }: { appointment: ClientAppointment }) {
  const { t } = useTranslation();
  const today = useLocalToday();
  const provider = useProvider(appointment.provider_id);
  const message = useOpenConversation();
  const calendar = useDownloadAppointmentIcs();
  const name = fullName(appointment.provider_first_name, appointment.provider_last_name);
  const place = provider.data
    ? appointmentPlace(provider.data.location, provider.data.serviceMode)
    : null;
  const price =
    appointment.price_cents != null && appointment.currency
      ? formatMoney(appointment.price_cents, appointment.currency)
      : null;
  const service = appointment.service_name ?? appointment.service_type;

  return (
    <div className="mt-3 space-y-4">
      <div className="flex items-center gap-4">
        <Avatar src={appointment.provider_profile_image_url} name={name} alt="" size="lg" />
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-slate-900">{name}</p>
          {appointment.provider_specialty ? (
            <p className="text-sm text-indigo-700">{appointment.provider_specialty}</p>
          ) : null}
          <p className="text-sm text-slate-700">
            {service}
            {price ? ` · ${price}` : ''}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">{t('When')}</dt>
          <dd className="text-base font-semibold text-slate-900">
            {formatWhen(appointment.day, appointment.start_time, today)}
            <span className="block text-sm font-normal text-slate-700">
              {formatTimeRange(appointment.start_time, appointment.end_time)}
            </span>
          </dd>
        </div>
        {place ? (
          <div>
            <dt className="font-medium text-slate-600">{t('Where')}</dt>
            <dd className="text-base break-words text-slate-900">{place.text}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {place?.directionsUrl ? (
          <a
            href={place.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={actionClass}
          >
            {t('Directions')}
            <span className="sr-only"> {t('(opens in a new tab)')}</span>
          </a>
        ) : null}
        <button
          type="button"
          className={actionClass}
          disabled={message.isPending}
          onClick={() => message.mutate({ providerId: appointment.provider_id })}
        >
          {t('Message')}
        </button>
        <button
          type="button"
          className={actionClass}
          disabled={calendar.isPending}
          onClick={() => calendar.mutate(appointment.appointment_id)}
        >
          {t('Add to calendar')}
        </button>
      </div>
    </div>
  );
}
