import { translate, useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError, TextField } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { lazyToast } from '../../../lib/lazy-toast';
import { forgetNext } from '../../../lib/next-path';
import { readRedirectFrom } from '../../../lib/redirect-state';
import { HOME_PATH, saveSession, type Role } from '../../../lib/session';
import { applyAccountLocale } from '../account-locale';
import { useLogin } from '../api/login';
import { useResendVerification } from '../api/resend-verification';
import { bindFields } from '../../../lib/bind-fields';
import { useCountdown } from '../use-countdown';
import { loginResolver, preloadLoginResolver } from '../login-resolver';

/**
 * Routes any signed-in user may open: docs/product.md §2 quick actions, the public provider
 * pages a visitor signs in from to book (§11.2), and a business's page and its invitation link
 * (§13).
 */
const SHARED_PATHS = [
  '/messages',
  '/stats',
  '/providers',
  '/businesses',
  '/business/join',
  // The booking widget on other sites (docs/product.md §21.3): signed in inside its frame.
  '/embed',
];

function isWithin(path: string, base: string): boolean {
  return path === base || ['/', '?', '#'].some((next) => path.startsWith(base + next));
}

/**
 * Where a user lands after login (docs/product.md §6): back where the guard stopped them when that page is
 * theirs to see, else their role's home (provider /dashboard, client /client).
 */
function loginDestination(role: Role, from: string | null): string {
  const home = HOME_PATH[role];
  if (from && [home, ...SHARED_PATHS].some((base) => isWithin(from, base))) return from;
  return home;
}

interface LoginFailure {
  message: string;
  /** Set when the account exists but its email is not verified yet: offer to resend. */
  unverifiedEmail: string | null;
}

/**
 * The sign-in form (docs/product.md §2 Login): on /login, and under 'Email Verified' when the
 * emailed link is opened (docs/product.md §14.1: the visitor signs in where they verified, then goes
 * on to `next`).
 */
export function LoginForm({
  next,
  defaultEmail = '',
}: {
  next: string | null;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });
  const field = bindFields(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let data: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      data = await login.mutateAsync(values);
    } catch (error) {
      lazyToast('error', translate(MESSAGES.loginFailedToast));
      const unverified = error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
      setFailure({
        message: failureMessage(error, MESSAGES.loginFailedInline),
        unverifiedEmail: unverified ? values.email : null,
      });
      return;
    }
    // docs/product.md §4: an answer without a token is invalid.
    if (!data?.token || !data.user) {
      lazyToast('error', translate(MESSAGES.loginFailedToast));
      setFailure({ message: translate(MESSAGES.invalidLoginResponse), unverifiedEmail: null });
      return;
    }
    const { token, user } = data;
    queryClient.clear(); // nothing cached for a previous user may show
    saveSession(token, user);
    // The account's saved language, unless this device has its own (docs/product.md §21.1).
    applyAccountLocale('locale' in user ? user.locale : null);
    forgetNext();
    lazyToast('success', translate(MESSAGES.loginSuccessful));
    void navigate(loginDestination(user.role, next ?? readRedirectFrom(location.state)), {
      replace: true,
      state: { user },
    });
  });

  const busy = isSubmitting || login.isPending;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      // The validation code is fetched once the visitor starts on the form, not with the page.
      onFocus={() => void preloadLoginResolver().catch(() => undefined)}
      className="mt-6 space-y-4"
    >
      <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />

      <PasswordField
        label={t('Password')}
        revealable
        autoComplete="current-password"
        {...field('password')}
      />
      <p className="-mt-2 text-end text-sm">
        <Link to="/forgot-password" className="font-semibold text-indigo-700 hover:underline">
          {t('Forgot password?')}
        </Link>
      </p>

      {failure ? <FormError>{failure.message}</FormError> : null}
      {failure?.unverifiedEmail ? <ResendVerification email={failure.unverifiedEmail} /> : null}

      <SubmitButton busy={busy} busyText={t('Signing In...')}>
        {t('Sign In')}
      </SubmitButton>
    </form>
  );
}

/** Offered when the login was refused because the email is not verified yet. */
function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const countdown = useCountdown();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const onClick = async () => {
    setResult(null);
    try {
      const answer = await resend.mutateAsync(email);
      setResult({ ok: true, text: answer.message });
      countdown.start(answer.retryAfterSeconds);
    } catch {
      setResult({ ok: false, text: translate(MESSAGES.resendFailed) });
    }
  };

  const waiting = countdown.remaining > 0;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900">
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={resend.isPending || waiting}
        className="font-semibold text-indigo-700 underline disabled:opacity-50"
      >
        {resend.isPending
          ? t('Resending...')
          : waiting
            ? t('Resend in {{seconds}} s', { seconds: countdown.remaining })
            : t('Resend verification email')}
      </button>
      <p
        role="status"
        className={result?.ok === false ? 'mt-1 text-red-700' : 'mt-1 text-emerald-800'}
      >
        {result?.text}
      </p>
    </div>
  );
}
