import { useTranslation } from '../../../lib/i18n';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { CardSection } from '../../../components/card-section';
import { fullName } from '../../../lib/full-name';
import { canMarkNoShow } from '../../appointments/api/mark-no-show';
import { formatTime, formatTimeRange } from '../../../lib/date-time-format';

/** docs/product.md §2 Today's Appointments: count badge, one card per appointment, or the empty state. */
export function TodaysAppointments({
  appointments,
  onNoShow,
}: {
  appointments: ProviderAppointment[];
  /** 'Mark as no-show' on the appointments that qualify (started, within 72 hours). */
  onNoShow?: (appointment: ProviderAppointment) => void;
}) {
  const { t } = useTranslation();
  return (
    <CardSection
      titleId="today-appointments-title"
      title={t("Today's Appointments")}
      badge={
        <span
          data-testid="today-count-badge"
          className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-sm font-semibold text-indigo-800"
        >
          <span className="sr-only">(</span>
          {appointments.length}
          <span className="sr-only">)</span>
        </span>
      }
    >
      {appointments.length === 0 ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-slate-600">{t('No appointments scheduled for today')}</p>
          <Link
            to="/dashboard/timeslots"
            className="rounded-md border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {t('Set Availability')}
          </Link>
        </div>
      ) : (
        <ul aria-labelledby="today-appointments-title" className="mt-4 space-y-3">
          {appointments.map((appointment) => (
            <li key={appointment.appointment_id} className="flex items-stretch gap-2">
              <Link
                to="/dashboard/appointments"
                className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-slate-200 px-4 py-3 hover:border-indigo-300 hover:bg-indigo-50/40"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">
                    {formatTimeRange(appointment.start_time, appointment.end_time)}
                  </span>
                  <span className="block break-words text-slate-700">
                    {fullName(appointment.client_first_name, appointment.client_last_name)}
                  </span>
                  <span className="block text-sm text-slate-500">{appointment.service_type}</span>
                </span>
                <AppointmentStatusBadge status={appointment.status} />
              </Link>
              {onNoShow && canMarkNoShow(appointment) ? (
                <button
                  type="button"
                  onClick={() => onNoShow(appointment)}
                  aria-label={t('{{action}}: {{client}}, {{time}}', {
                    action: t(REVIEW_MESSAGES.markNoShow),
                    client: fullName(appointment.client_first_name, appointment.client_last_name),
                    time: formatTime(appointment.start_time),
                  })}
                  className="shrink-0 self-center rounded-md border border-amber-400 px-3 py-1.5 text-sm font-medium text-amber-800 hover:bg-amber-50"
                >
                  {t(REVIEW_MESSAGES.markNoShow)}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
