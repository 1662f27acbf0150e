import { useTranslation } from '../../../lib/i18n';
import { REVIEW_TEXT_MAX_LENGTH } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { controlClass } from '../../../components/control-class';
import { FieldError } from '../../../components/form-field';
import { formatNumber } from '../../../lib/date-time-format';

/**
 * A review or reply text, the form's field `name`: label, textarea, its "n / max characters"
 * count and its error.
 */
export function CountedTextarea<T extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  id,
  label,
  rows,
  error,
  invalid,
  countClassName,
}: {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  rows: number;
  error: string | undefined;
  /** Marked invalid (also while over the limit, before any error is shown). */
  invalid: boolean;
  countClassName: string;
}) {
  const { t } = useTranslation();
  const { ref, value, onChange, onBlur } = useController({ control, name }).field;
  const text = typeof value === 'string' ? value : '';
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        name={name}
        rows={rows}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-count ${id}-error`}
        className={controlClass(error)}
      />
      <p id={`${id}-count`} className={countClassName}>
        {t('{{used}} / {{max}} characters', {
          used: formatNumber(text.length),
          max: formatNumber(REVIEW_TEXT_MAX_LENGTH),
        })}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
