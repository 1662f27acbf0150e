import { useTranslation } from '../../../lib/i18n';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { useState } from 'react';
import { formatDate } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useClientAppointments } from '../../appointments/api/get-client-appointments';
import { ReviewDialog } from './review-dialog';

/** A completed appointment the client has not reviewed yet (the server says `reviewed`). */
function awaitsReview(appointment: ClientAppointment): boolean {
  return appointment.status === 'completed' && appointment.reviewed === false;
}

/**
 * The client home's review prompts (docs/product.md §14.4): ONE line, never a stack of cards.
 * A single visit to rate reads 'How was your appointment with X?' with 'Leave a review'; more
 * read 'Rate 3 past visits', which expands to one row per visit (most recent first).
 */
export function ReviewPrompts() {
  const { t } = useTranslation();
  const appointments = useClientAppointments();
  const [reviewing, setReviewing] = useState<ClientAppointment | null>(null);
  const [expanded, setExpanded] = useState(false);
  const pending = (appointments.data?.appointments ?? []).filter(awaitsReview);
  if (pending.length === 0 && !reviewing) return null;
  const [only] = pending;

  return (
    <section
      aria-label={t('Reviews to write')}
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3"
    >
      {pending.length === 1 && only ? (
        <PromptRow appointment={only} onReview={() => setReviewing(only)} />
      ) : pending.length > 1 ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-semibold text-slate-900">
              {/* 'Rate 3 past visits': the one line that stands for them all. */}
              {t('Rate {{count}} past visits', { count: pending.length })}
            </p>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls="review-prompt-list"
              onClick={() => setExpanded((open) => !open)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {expanded ? t('Hide') : t('Show')}{' '}
              <span className="sr-only">{t('visits to rate')}</span>
            </button>
          </div>
          <ul
            id="review-prompt-list"
            hidden={!expanded}
            className="mt-3 divide-y divide-amber-200 border-t border-amber-200"
          >
            {pending.map((appointment) => (
              <li key={appointment.appointment_id} className="py-3">
                <PromptRow appointment={appointment} onReview={() => setReviewing(appointment)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reviewing ? (
        <ReviewDialog
          appointmentId={reviewing.appointment_id}
          providerName={fullName(reviewing.provider_first_name, reviewing.provider_last_name)}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </section>
  );
}

function PromptRow({
  appointment,
  onReview,
}: {
  appointment: ClientAppointment;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const name = fullName(appointment.provider_first_name, appointment.provider_last_name);
  const titleId = `review-prompt-${appointment.appointment_id}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0">
        <span id={titleId} className="block font-semibold text-slate-900">
          {t(REVIEW_MESSAGES.howWasAppointment, { name })}
        </span>
        <span className="block text-sm text-slate-700">
          {appointment.service_type} · {formatDate(appointment.day)}
        </span>
      </p>
      <button
        type="button"
        aria-describedby={titleId}
        onClick={onReview}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {t(REVIEW_MESSAGES.leaveReview)}
      </button>
    </div>
  );
}
