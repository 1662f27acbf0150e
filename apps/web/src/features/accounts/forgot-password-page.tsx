import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import { emailFormSchema } from '@slotwise/shared/accounts-schemas';
import { AuthSwitchLink } from '../../components/auth-switch-link';
import { useState } from 'react';
import { FormError, TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { failureMessage } from '../../lib/failure-message';
import { useForgotPassword } from './api/forgot-password';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../../components/auth-card';

const FAILED = msg('Failed to send the reset link. Please try again.');

/**
 * /forgot-password: asks for the account's address and mails a reset link. The answer is the
 * same for every address, so the screen never reveals whether an account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(emailFormSchema, { email: '' });
  const { handleSubmit, field } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await forgot.mutateAsync({ email: values.email });
      setSentMessage(answer.message);
    } catch (error) {
      setFailure(failureMessage(error, FAILED));
    }
  });

  return (
    <AuthCard
      titleId="forgot-password-title"
      pageTitle={t('Forgot Password')}
      heading={t('Forgot Password')}
    >
      {sentMessage ? (
        <p role="status" className="mt-4 text-sm text-emerald-700">
          {sentMessage}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t(
              'Enter the email address of your account and we will send you a link to choose a new password.',
            )}
          </p>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <TextField label={t('Email')} type="email" autoComplete="email" {...field('email')} />
            {failure ? <FormError>{failure}</FormError> : null}
            <SubmitButton busy={forgot.isPending} busyText={t('Sending...')}>
              {t('Send Reset Link')}
            </SubmitButton>
          </form>
        </>
      )}
      <AuthSwitchLink prompt={t('Remembered it?')} to="/login">
        {t('Back to Login')}
      </AuthSwitchLink>
    </AuthCard>
  );
}
