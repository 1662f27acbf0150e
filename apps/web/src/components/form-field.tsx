import { useTranslation } from '../lib/i18n';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { splitFieldProps, type FieldOwnProps } from '../lib/split-field-props';
import { controlClass } from './control-class';

/** Attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps extends FieldOwnProps {
  /** Renders the control (input, select, textarea) with the given attributes spread onto it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its error under it: the error is linked by aria-describedby,
 * announced politely when it appears or changes (a live region), and the control is marked
 * aria-invalid while it has one.
 */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's help text under its control, when it has one. */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null;
}

/**
 * A field's error line: always rendered, because a live region must exist before its text
 * changes to be announced; announced politely (never role=alert, which interrupts).
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  // Zod's messages are English keys; the server's come translated and read the same through t.
  const { t } = useTranslation();
  return (
    <p id={id} aria-live="polite" className={error ? 'mt-1 text-sm text-red-600' : undefined}>
      {error ? t(error) : error}
    </p>
  );
}

/** A form-kit field's props: Field's own (`className` is the wrapper's) over its control's. */
type KitFieldProps<A, E> = Omit<A, 'className'> & FieldOwnProps & { error?: string; ref?: Ref<E> };

/** Field from the field's own props, around the control built from the rest. */
function renderKitField<P extends FieldOwnProps>(
  props: P,
  control: (
    attrs: FieldControlProps & ReturnType<typeof splitFieldProps<P>>[1] & { className: string },
  ) => ReactNode,
) {
  const [field, rest] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(attrs) => control({ ...attrs, ...rest, className: controlClass(field.error) })}
    </Field>
  );
}

/** A labelled input (text, email, date, time, number…) with its hint and error: see Field. */
export function TextField({
  ref,
  ...props
}: KitFieldProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>) {
  return renderKitField(props, (attrs) => <input ref={ref} {...attrs} />);
}

/** A labelled textarea with its hint and error: see Field. */
export function TextAreaField({
  ref,
  ...props
}: KitFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>) {
  return renderKitField(props, (attrs) => <textarea ref={ref} {...attrs} />);
}

/** A form-wide error line (e.g. the server's answer), announced when it appears. */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}
