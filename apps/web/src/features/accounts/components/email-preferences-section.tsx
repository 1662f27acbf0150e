import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { MailPreferences } from '@slotwise/shared/email-schemas';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { LoadFailed } from '../../../components/load-failed';
import { failureMessage } from '../../../lib/failure-message';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const TOGGLES: { key: keyof MailPreferences; label: string; hint: string }[] = [
  {
    key: 'emailReminders',
    label: msg('Appointment reminders'),
    hint: msg('An email 24 hours and 2 hours before each appointment.'),
  },
  {
    key: 'emailBookingUpdates',
    label: msg('Booking updates'),
    hint: msg(
      'An email with a calendar file when an appointment is booked, canceled or rescheduled, and a review request afterwards.',
    ),
  },
];

/** Email preferences (GET/PATCH /profile/notification-preferences): one switch per kind of mail. */
export function EmailPreferencesSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const change = (key: keyof MailPreferences, value: boolean) => {
    update.mutate(
      { [key]: value },
      {
        onSuccess: (data) => {
          if (data.message) toast.success(data.message, { toastId: 'preferences-saved' });
        },
        onError: (error) => {
          toast.error(failureMessage(error, msg('Failed to save notification preferences')));
        },
      },
    );
  };

  return (
    <CardSection titleId={headingId} title={t('Email preferences')}>
      {preferences.data ? (
        <ul className="mt-4 space-y-4">
          {TOGGLES.map((toggle) => (
            <PreferenceToggle
              key={toggle.key}
              label={toggle.label}
              hint={toggle.hint}
              checked={preferences.data[toggle.key]}
              disabled={update.isPending}
              onChange={(value) => change(toggle.key, value)}
            />
          ))}
        </ul>
      ) : preferences.isError ? (
        <div className="mt-4">
          <LoadFailed onRetry={() => void preferences.refetch()}>
            {t('Failed to load notification preferences')}
          </LoadFailed>
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('Loading preferences...')}
        </p>
      )}
    </CardSection>
  );
}

interface PreferenceToggleProps {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}

function PreferenceToggle({ label, hint, checked, disabled, onChange }: PreferenceToggleProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-indigo-600 disabled:opacity-50"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t(label)}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t(hint)}
        </p>
      </div>
    </li>
  );
}
