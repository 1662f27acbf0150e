import { useTranslation } from '../lib/i18n';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { controlClass } from './control-class';
import { splitFieldProps } from '../lib/split-field-props';
import { Field } from './form-field';

interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'type'
> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  /** Adds the 'Show password' toggle (a pressed/unpressed button) inside the input. */
  revealable?: boolean;
}

/** A labelled password input, optionally with a show/hide toggle: see Field. */
export function PasswordField({ ref, revealable = false, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [field, input] = splitFieldProps(props);
  const { error } = field;
  return (
    <Field {...field}>
      {(control) =>
        revealable ? (
          <div className="relative">
            <input
              ref={ref}
              {...control}
              {...input}
              type={shown ? 'text' : 'password'}
              className={`${controlClass(error)} pe-11`}
            />
            <button
              type="button"
              aria-label={t('Show password')}
              aria-pressed={shown}
              onClick={() => setShown((value) => !value)}
              className="absolute inset-y-0 end-0 mt-1 flex items-center rounded-e-md px-3 text-slate-600 hover:text-slate-800"
            >
              <EyeIcon crossed={shown} />
            </button>
          </div>
        ) : (
          <input
            ref={ref}
            {...control}
            {...input}
            type="password"
            className={controlClass(error)}
          />
        )
      }
    </Field>
  );
}

type BoundPasswordProps = Omit<PasswordFieldProps, 'label'>;

/** A new password (with the length hint) and its confirmation, as sign-up and reset ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
}: {
  label: string;
  password: BoundPasswordProps;
  confirmPassword: BoundPasswordProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        hint={t('8 to 15 characters.')}
        autoComplete="new-password"
        {...password}
      />
      <PasswordField
        label={t('Confirm password')}
        autoComplete="new-password"
        {...confirmPassword}
      />
    </>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
