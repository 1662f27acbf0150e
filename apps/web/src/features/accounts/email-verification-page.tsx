import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import { Trans } from '../../components/trans';
import { emailFormSchema } from '@slotwise/shared/accounts-schemas';
import { AuthSwitchLink } from '../../components/auth-switch-link';
import { EMAIL_MESSAGES, MAIL_COOLDOWN_SECONDS } from '@slotwise/shared/email-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-client';
import { rememberedNext, useNextParam, withNext } from '../../lib/next-path';
import { useResendVerification } from './api/resend-verification';
import { useVerifyEmail } from './api/verify-email';
import { useCountdown } from './use-countdown';
import { LoginForm } from './components/login-form';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../../components/auth-card';
import { TryAgainButton } from '../../components/try-again-button';

/** The address /register or /register-provider passed in navigation state, if any. */
function readEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state;
  return typeof email === 'string' && email !== '' ? email : null;
}

/**
 * Seconds left of the first mail's cooldown when registration just sent it (`mailSentAt` in the
 * navigation state; the register answer carries no retryAfterSeconds, so the shared cooldown is
 * used): the screen counts them down instead of offering a resend the server would refuse.
 */
function firstMailWaitSeconds(state: unknown, now: number = Date.now()): number {
  if (typeof state !== 'object' || state === null || !('mailSentAt' in state)) return 0;
  const { mailSentAt } = state;
  if (typeof mailSentAt !== 'number') return 0;
  const elapsed = Math.max(0, Math.floor((now - mailSentAt) / 1000));
  return Math.max(0, MAIL_COOLDOWN_SECONDS - elapsed);
}

/**
 * docs/product.md §2 Email verification (/email-verification): the "check your inbox" notice with a resend
 * button, or — opened from the emailed link with `?token=` — the confirmation itself.
 */
export function EmailVerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const location = useLocation();
  const email = readEmail(location.state);

  return (
    <AuthCard titleId="email-verification-title" pageTitle={t('Verify Your Email')} width="lg">
      {token ? (
        <TokenConfirmation token={token} email={email} />
      ) : (
        <VerificationNotice email={email} waitSeconds={firstMailWaitSeconds(location.state)} />
      )}
    </AuthCard>
  );
}

/** The address in bold: the tag is kept in every language. */
const SENT_TO = msg("We've sent a verification link to <strong>{{email}}</strong>.");

function VerificationNotice({ email, waitSeconds }: { email: string | null; waitSeconds: number }) {
  const { t } = useTranslation();
  return (
    <>
      <VerificationHeading>{t('Verify Your Email')}</VerificationHeading>
      <p className="mt-3 text-sm text-slate-700">
        {email ? (
          <Trans
            i18nKey={SENT_TO}
            values={{ email }}
            components={{
              strong: <strong className="font-semibold break-words text-slate-900" />,
            }}
          />
        ) : (
          t("We've sent a verification link to your email address.")
        )}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {t(
          'Please check your inbox and your spam/junk folder, then open the link to activate your account.',
        )}
      </p>
      <ResendForm email={email} waitSeconds={waitSeconds} />
      <LoginLink />
    </>
  );
}

/** Where sign-in leads next: this URL's `next`, else the one kept at registration. */
function useNextPath(): string | null {
  return useNextParam() ?? rememberedNext();
}

function LoginLink() {
  const { t } = useTranslation();
  const next = useNextPath();
  return (
    <AuthSwitchLink prompt={t('Already verified?')} to={withNext('/login', next)}>
      {t('Login')}
    </AuthSwitchLink>
  );
}

function TokenConfirmation({ token, email }: { token: string; email: string | null }) {
  const { t } = useTranslation();
  const verification = useVerifyEmail(token);
  const next = useNextPath();

  // Checking, then verified: one status line that turns from the wait to the outcome.
  if (verification.isPending || verification.isSuccess) {
    const done = verification.isSuccess;
    return (
      <>
        <VerificationHeading>
          {done ? t('Email Verified') : t('Email Verification')}
        </VerificationHeading>
        <p role="status" className={`mt-3 text-sm ${done ? 'text-emerald-700' : 'text-slate-700'}`}>
          {t(done ? MESSAGES.emailVerified : MESSAGES.verifyingEmail)}
        </p>
        {done ? (
          <>
            <h2 className="mt-6 text-base font-semibold text-slate-900">
              {t('Sign in to continue')}
            </h2>
            <LoginForm next={next} defaultEmail={email ?? ''} />
          </>
        ) : null}
      </>
    );
  }

  // A refused token (used, expired, unknown) is a 4xx; anything else may succeed on a retry.
  const error = verification.error;
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <>
      <VerificationHeading>{t('Verify Your Email')}</VerificationHeading>
      <p role="alert" className="mt-3 text-sm text-red-700">
        {t(refused ? MESSAGES.verificationLinkInvalid : MESSAGES.verificationFailed)}
      </p>
      {refused ? null : (
        <TryAgainButton
          onClick={() => void verification.refetch()}
          className="mt-3 text-sm font-semibold text-indigo-700 underline"
        />
      )}
      <p className="mt-4 text-sm text-slate-700">{t('We can send you a new verification link.')}</p>
      <ResendForm email={email} />
      <LoginLink />
    </>
  );
}

type ResendStatus = { kind: 'sent' | 'waiting' | 'error'; text: string } | null;

const STATUS_CLASS = {
  sent: 'text-emerald-700',
  waiting: 'text-slate-700',
  error: 'text-red-700',
} as const;

/**
 * "Didn't receive it? Resend Email" (docs/product.md §2, §4: idle → loading → success or error message).
 * Shows the server's answer as it is — a mail was sent, or one went out less than a minute ago —
 * and counts the server's `retryAfterSeconds` down on the disabled button. Without a known
 * address it asks for one (docs/product.md §5 email-only form).
 */
function ResendForm({ email, waitSeconds = 0 }: { email: string | null; waitSeconds?: number }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const countdown = useCountdown(waitSeconds);
  const [status, setStatus] = useState<ResendStatus>(null);
  const form = useZodForm(emailFormSchema, { email: email ?? '' });
  const { handleSubmit, field } = form;
  const { errors } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const answer = await resend.mutateAsync(values.email);
      // The server words it in the screen's language.
      const sent = answer.message === t(EMAIL_MESSAGES.resendSent);
      setStatus({ kind: sent ? 'sent' : 'waiting', text: answer.message });
      countdown.start(answer.retryAfterSeconds);
    } catch {
      setStatus({ kind: 'error', text: t(MESSAGES.resendFailed) });
    }
  });

  const waiting = countdown.remaining > 0;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
      {email && !errors.email ? null : (
        <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />
      )}
      <SubmitButton busy={resend.isPending} busyText={t('Resending...')} disabled={waiting}>
        {waiting
          ? t('Resend in {{seconds}} s', { seconds: countdown.remaining })
          : t("Didn't receive it? Resend Email")}
      </SubmitButton>
      <p role="status" className={`text-sm ${status ? STATUS_CLASS[status.kind] : ''}`}>
        {status?.text}
      </p>
    </form>
  );
}

/** The screen's h1 for each step; it names the card (`email-verification-title`). */
function VerificationHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id="email-verification-title" className="text-2xl font-bold text-slate-900">
      {children}
    </h1>
  );
}
