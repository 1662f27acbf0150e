import { REVIEW_TEXT_MAX_LENGTH } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { controlClass } from '../../../components/control-class';
import { FieldError } from '../../../components/form-field';

/** A review or reply text: label, textarea, its "n / max characters" count and its error. */
export function CountedTextarea({
  id,
  label,
  rows,
  value,
  onChange,
  error,
  invalid,
  countClassName,
}: {
  id: string;
  label: ReactNode;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Marked invalid (also while over the limit, before any error is shown). */
  invalid: boolean;
  countClassName: string;
}) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-count ${id}-error`}
        className={controlClass(error)}
      />
      <p id={`${id}-count`} className={countClassName}>
        {value.length.toLocaleString('en-US')} / {REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')}{' '}
        characters
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
