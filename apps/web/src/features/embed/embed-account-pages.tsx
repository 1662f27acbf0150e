import { registerFormSchema, splitFullName } from '@slotwise/shared/accounts-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { FieldError, FormError, TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { browserTimeZone } from '../../lib/date-time-format';
import { showFormFailure } from '../../lib/form-failure';
import { useNextParam, withNext } from '../../lib/next-path';
import { useZodForm } from '../../lib/use-zod-form';
import { useRegister } from '../accounts/api/register';
import { widgetPath } from './embed-links';

/** The account's sign-in form (features/accounts), composed in by app/: it goes on to `next`. */
export type SignInForm = (props: { next: string | null; defaultEmail?: string }) => ReactNode;

/** Where the widget's account pages go back to: a widget page only. */
function useWidgetNext(): string | null {
  return widgetPath(useNextParam());
}

/**
 * /embed/login (docs/product.md §21.3): sign in inside the frame, then back to the widget's time,
 * which is booked at once (the booking intent of docs/product.md §14.1).
 */
export function EmbedSignInPage({ signInForm }: { signInForm: SignInForm }) {
  const { t } = useTranslation();
  const next = useWidgetNext();
  return (
    <AuthCard titleId="embed-sign-in-title" pageTitle={t('Sign in')} heading={t('Sign in to book')}>
      {signInForm({ next })}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('New here?')}{' '}
        <Link
          to={withNext('/embed/register', next)}
          className="font-semibold text-indigo-700 hover:underline"
        >
          {t('Create an account')}
        </Link>
      </p>
      {next ? <BackToTimes next={next} /> : null}
    </AuthCard>
  );
}

function BackToTimes({ next }: { next: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-2 text-center text-sm">
      <Link to={next} className="text-slate-700 underline">
        {t('Back to the times')}
      </Link>
    </p>
  );
}

/**
 * /embed/register: a client account made inside the frame (the registration form's schema and
 * call, docs/product.md §3). The mailed link verifies it in a new tab; signing in here afterwards
 * goes on with the booking.
 */
export function EmbedSignUpPage({ signInForm }: { signInForm: SignInForm }) {
  const { t } = useTranslation();
  const next = useWidgetNext();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const registration = useRegister();
  const form = useZodForm(registerFormSchema, {
    fullName: '',
    email: '',
    password: '',
    confirmPassword: '',
    role: 'client',
  });
  const { register, handleSubmit, setError, field } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registration.mutateAsync({
        ...splitFullName(values.fullName),
        email: values.email,
        password: values.password,
        role: 'client',
        timezone: browserTimeZone(),
      });
      setSentTo(values.email);
    } catch (error) {
      showFormFailure(error, MESSAGES.registrationFailed, setError, {
        firstName: 'fullName',
        lastName: 'fullName',
        email: 'email',
        password: 'password',
      });
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        titleId="embed-check-title"
        pageTitle={t('Check your email')}
        heading={t('Check your email')}
      >
        <p role="status" className="mt-2 text-sm text-slate-700">
          {t(
            'We sent a link to {{email}}. Open it to verify your account, then sign in here to finish your booking.',
            { email: sentTo },
          )}
        </p>
        {signInForm({ next, defaultEmail: sentTo })}
      </AuthCard>
    );
  }

  const busy = isSubmitting || registration.isPending;
  return (
    <AuthCard
      titleId="embed-sign-up-title"
      pageTitle={t('Create Account')}
      heading={t('Create Account')}
    >
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField label={t('Full name')} type="text" autoComplete="name" {...field('fullName')} />
        <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />
        <NewPasswordFields
          label={t('Password')}
          password={field('password')}
          confirmPassword={field('confirmPassword')}
        />
        <div>
          <div className="flex items-start gap-2">
            <input
              {...register('terms')}
              id="embed-terms"
              type="checkbox"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'embed-terms-error' : undefined}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600"
            />
            <label htmlFor="embed-terms" className="text-sm text-slate-700">
              {t('I agree to the Terms and Privacy Policy')}
            </label>
          </div>
          <FieldError id="embed-terms-error" error={errors.terms?.message} />
        </div>
        <FormError>{errors.root?.server?.message}</FormError>
        <SubmitButton busy={busy}>{t('Create Account')}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('Already have an account?')}{' '}
        <Link
          to={withNext('/embed/login', next)}
          className="font-semibold text-indigo-700 hover:underline"
        >
          {t('Sign in')}
        </Link>
      </p>
      {next ? <BackToTimes next={next} /> : null}
    </AuthCard>
  );
}
