import {
  get,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * `field(name)` → the props a form-kit field (TextField, PasswordField…) needs for `name`:
 * react-hook-form's registration plus the field's current error message.
 */
export function bindFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: FieldPath<T>) => ({
    ...register(name),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}
