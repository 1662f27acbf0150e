import { useTranslation } from '../../../lib/i18n';
import { PlainButton } from '../../../components/plain-button';

interface FormActionsProps {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
}

/** Cancel and submit, at the foot of a modal form. */
export function FormActions({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled,
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      <PlainButton onClick={onCancel}>{t('Cancel')}</PlainButton>
      <button
        type="submit"
        disabled={disabled}
        aria-busy={busy || undefined}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
