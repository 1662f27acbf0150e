import { useTranslation } from '../../../lib/i18n';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { Link } from 'react-router';
import { formatTimeRange, formatWhen } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';

/** The dashboard's first card (docs/product.md §14.3): the next booked appointment, or none. */
export function NextUp({
  appointment,
  today,
}: {
  appointment: ProviderAppointment | null;
  today: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="next-up-title"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 shadow-sm"
    >
      <h2 id="next-up-title" className="text-sm font-semibold tracking-wide text-indigo-800">
        {t('Next up')}
      </h2>
      {appointment ? (
        <Link
          to="/dashboard/appointments"
          className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-md hover:underline"
        >
          <span className="text-xl font-bold text-slate-900">
            <time dateTime={`${appointment.day}T${appointment.start_time.slice(0, 5)}`}>
              {formatWhen(appointment.day, appointment.start_time, today)}
            </time>
          </span>
          <span className="text-slate-800">
            {t('{{client}} · {{service}}', {
              client: fullName(appointment.client_first_name, appointment.client_last_name),
              service: appointment.service_type,
            })}
          </span>
          <span className="sr-only">
            , {formatTimeRange(appointment.start_time, appointment.end_time)}
          </span>
        </Link>
      ) : (
        <p className="mt-1 text-slate-700">{t('Nothing booked yet.')}</p>
      )}
    </section>
  );
}
