import { REVIEW_TEXT_MAX_LENGTH } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import type { RefCallBack } from 'react-hook-form';
import { controlClass } from '../../../components/control-class';
import { FieldError } from '../../../components/form-field';

/** A review or reply text: label, textarea, its "n / max characters" count and its error. */
export function CountedTextarea({
  id,
  label,
  rows,
  ref,
  name,
  value,
  onChange,
  onBlur,
  error,
  invalid,
  countClassName,
}: {
  id: string;
  label: ReactNode;
  rows: number;
  /** A react-hook-form Controller's field, spread. */
  ref: RefCallBack;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  /** Marked invalid (also while over the limit, before any error is shown). */
  invalid: boolean;
  countClassName: string;
}) {
  const text = value ?? '';
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
        {text.length.toLocaleString('en-US')} / {REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')}{' '}
        characters
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
