import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import { EMAIL_MESSAGES, resetPasswordFormSchema } from '@slotwise/shared/email-schemas';
import { AuthSwitchLink } from '../../components/auth-switch-link';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { FormError } from '../../components/form-field';
import { NewPasswordFields } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { useResetPassword } from './api/reset-password';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../../components/auth-card';

const FAILED = msg('Failed to change the password. Please try again.');

/**
 * /reset-password?token=…: the emailed link. A new password under the registration rules
 * (8–15 characters, confirmed); on success the user signs in again (every earlier session of
 * the account has been revoked).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<{ text: string; linkDead: boolean } | null>(null);
  const form = useZodForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const { handleSubmit, field } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await reset.mutateAsync({ token, password: values.password });
      toast.success(answer.message);
      void navigate('/login', { replace: true });
    } catch (error) {
      // The link is used, expired or forged (or too short to be one).
      const linkDead =
        error instanceof ApiError &&
        (error.code === 'INVALID_TOKEN' || error.fieldErrors.token !== undefined);
      setFailure({
        text: linkDead ? t(EMAIL_MESSAGES.resetLinkInvalid) : failureMessage(error, FAILED),
        linkDead,
      });
    }
  });

  return (
    <AuthCard
      titleId="reset-password-title"
      pageTitle={t('Reset Password')}
      heading={t('Reset Password')}
    >
      {token === '' ? (
        <>
          <p role="alert" className="mt-4 text-sm text-red-700">
            {t(EMAIL_MESSAGES.resetLinkInvalid)}
          </p>
          <ForgotLink />
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t('Choose a new password for your account.')}
          </p>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <NewPasswordFields
              label={t('New password')}
              password={field('password')}
              confirmPassword={field('confirmPassword')}
            />
            {failure ? <FormError>{failure.text}</FormError> : null}
            <SubmitButton busy={reset.isPending} busyText={t('Saving...')}>
              {t('Set New Password')}
            </SubmitButton>
          </form>
          {failure?.linkDead ? <ForgotLink /> : null}
        </>
      )}
      <AuthSwitchLink to="/login">{t('Back to Login')}</AuthSwitchLink>
    </AuthCard>
  );
}

function ForgotLink() {
  const { t } = useTranslation();
  return (
    <p className="mt-4 text-sm">
      <Link to="/forgot-password" className="font-semibold text-indigo-700 hover:underline">
        {t('Ask for a new reset link')}
      </Link>
    </p>
  );
}
