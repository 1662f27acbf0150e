import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import { Trans } from '../../components/trans';
import { registerFormSchema, splitFullName } from '@slotwise/shared/accounts-schemas';
import { AuthSwitchLink } from '../../components/auth-switch-link';
import { MESSAGES } from '@slotwise/shared/texts';
import { type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { controlClass } from '../../components/control-class';
import { Field, FieldError, FormError, TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/password-field';
import { ProfilePictureInput } from '../../components/profile-picture-input';
import { SpinnerOverlay } from '../../components/spinner-overlay';
import { SubmitButton } from '../../components/submit-button';
import { showFormFailure } from '../../lib/form-failure';
import { rememberNext, useNextParam, withNext } from '../../lib/next-path';
import { useProfilePicture } from '../../lib/use-profile-picture';
import { useRegister } from './api/register';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../../components/auth-card';
import { browserTimeZone } from '../../lib/date-time-format';

/** Server field names (multipart body) → the form field that shows their message. */
const SERVER_FIELDS = {
  firstName: 'fullName',
  lastName: 'fullName',
  email: 'email',
  password: 'password',
  role: 'role',
} as const;

/** docs/product.md §2 Registration (/register). */
/** When registration's verification mail went out: the moment the register answer arrived. */
const mailSentNow = (): number => Date.now();

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A visitor registering to book a slot (docs/product.md §11.2) comes back to it after sign-in.
  const next = useNextParam();
  const picture = useProfilePicture();
  const registration = useRegister();
  const form = useZodForm(registerFormSchema, {
    fullName: '',
    email: '',
    password: '',
    confirmPassword: '',
    role: 'client',
  });
  const { register, handleSubmit, reset, setError, field } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    const { firstName, lastName } = splitFullName(values.fullName);
    try {
      const { userId } = await registration.mutateAsync({
        firstName,
        lastName,
        email: values.email,
        password: values.password,
        role: values.role,
        timezone: browserTimeZone(),
        profilePic: picture.file,
      });
      toast.success(t(MESSAGES.accountCreated));
      reset();
      picture.clear();
      if (values.role === 'provider') {
        void navigate('/register-provider', {
          state: { userId, email: values.email, mailSentAt: mailSentNow() },
        });
      } else {
        // The mailed link opens without this URL's `next`: kept in the browser for it.
        rememberNext(next);
        void navigate(withNext('/email-verification', next), {
          state: { email: values.email, mailSentAt: mailSentNow() },
        });
      }
    } catch (error) {
      showFormFailure(error, MESSAGES.registrationFailed, setError, SERVER_FIELDS);
    }
  });

  const busy = isSubmitting || registration.isPending;

  return (
    <AuthCard
      titleId="register-title"
      pageTitle={t('Create Account')}
      heading={t('Create Account')}
      width="lg"
      overlay={busy ? <SpinnerOverlay label={t('Creating your account...')} /> : null}
    >
      <p className="mt-1 text-sm text-slate-600">
        {t('Book trusted services near you, or offer your own.')}
      </p>

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <ProfilePictureInput
          picture={picture}
          label={t('Profile picture (optional)')}
          disabled={busy}
        />

        <TextField label={t('Full name')} type="text" autoComplete="name" {...field('fullName')} />

        <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />

        <NewPasswordFields
          label={t('Password')}
          password={field('password')}
          confirmPassword={field('confirmPassword')}
        />

        <Field label={t('Role')} error={errors.role?.message}>
          {(control) => (
            <select
              {...control}
              {...register('role')}
              className={`${controlClass(errors.role?.message)} bg-white`}
            >
              <option value="client">{t('Client')}</option>
              <option value="provider">{t('Provider')}</option>
            </select>
          )}
        </Field>

        <TermsCheckbox error={errors.terms?.message} registration={register('terms')} />

        <FormError>{errors.root?.server?.message}</FormError>

        <SubmitButton busy={busy} disabled={picture.processing}>
          {t('Create Account')}
        </SubmitButton>
      </form>

      <AuthSwitchLink prompt={t('Already have an account?')} to={withNext('/login', next)}>
        {t('Sign in')}
      </AuthSwitchLink>
    </AuthCard>
  );
}

/** Its links are the tags, kept in every language. */
const TERMS_AGREEMENT = msg(
  'I agree to the <terms>Terms</terms> and <privacy>Privacy Policy</privacy>',
);

interface TermsCheckboxProps {
  error?: string;
  registration: UseFormRegisterReturn<'terms'>;
}

function TermsCheckbox({ error, registration }: TermsCheckboxProps) {
  const id = 'register-terms';
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...registration}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          <Trans
            i18nKey={TERMS_AGREEMENT}
            components={{
              terms: <a href="#terms" className="font-medium text-indigo-700 underline" />,
              privacy: <a href="#privacy" className="font-medium text-indigo-700 underline" />,
            }}
          />
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
