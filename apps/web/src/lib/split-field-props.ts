import type { ReactNode } from 'react';

/** What Field itself takes of a form-kit field's props. */
export interface FieldOwnProps {
  /** Visible label, tied to the control with htmlFor/id. */
  label: ReactNode;
  /** The field's error, shown under it and announced. */
  error?: string;
  /** Help text under the control. */
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** Splits a form-kit field's props into Field's own and the rest, for the control. */
export function splitFieldProps<P extends FieldOwnProps>({
  label,
  error,
  hint,
  id,
  className,
  ...control
}: P) {
  return [{ label, error, hint, id, className }, control] as const;
}
