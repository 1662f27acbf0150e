import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { failureMessage, serverFieldErrors } from './failure-message';

/** The form fields a server's 400 field errors belong to: the same names, or server → form. */
type ServerFields<T extends FieldValues> = readonly Path<T>[] | Readonly<Record<string, Path<T>>>;

/** Puts the server's 400 field errors under the form fields they belong to. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: ServerFields<T>,
  setError: UseFormSetError<T>,
): void {
  const fieldErrors = serverFieldErrors(error);
  const pairs: [string, Path<T>][] = Array.isArray(fields)
    ? (fields as readonly Path<T>[]).map((name) => [name, name])
    : Object.entries(fields);
  for (const [serverName, formName] of pairs) {
    const message = fieldErrors[serverName];
    if (message) setError(formName, { type: 'server', message });
  }
}

/**
 * A failed submit: the server's message (else `fallback`) as the form's `root.server` error,
 * which the next submit replaces, and its 400 field errors under their `fields`. Returns the
 * message (for a toast).
 */
export function showFormFailure<T extends FieldValues>(
  error: unknown,
  fallback: string,
  setError: UseFormSetError<T>,
  fields: ServerFields<T> = [],
): string {
  const message = failureMessage(error, fallback);
  setError('root.server', { type: 'server', message });
  applyServerErrors(error, fields, setError);
  return message;
}
