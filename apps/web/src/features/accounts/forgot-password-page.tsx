import { zodResolver } from '@hookform/resolvers/zod';
import { emailFormSchema } from '@slotwise/shared/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormError, TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { bindFields } from '../../lib/bind-fields';
import { failureMessage } from '../../lib/failure-message';
import { useForgotPassword } from './api/forgot-password';

const FAILED = 'Failed to send the reset link. Please try again.';

/**
 * /forgot-password: asks for the account's address and mails a reset link. The answer is the
 * same for every address, so the screen never reveals whether an account exists.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(emailFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const field = bindFields(register, errors);

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
    <section
      aria-labelledby="forgot-password-title"
      className="mx-auto w-full max-w-md px-4 pt-4 pb-12 sm:px-6"
    >
      <title>Forgot Password · Slotwise</title>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="forgot-password-title" className="text-2xl font-bold text-slate-900">
          Forgot Password
        </h1>
        {sentMessage ? (
          <p role="status" className="mt-4 text-sm text-emerald-700">
            {sentMessage}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Enter the email address of your account and we will send you a link to choose a new
              password.
            </p>
            <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
              <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
              {failure ? <FormError>{failure}</FormError> : null}
              <SubmitButton busy={forgot.isPending} busyText="Sending...">
                Send Reset Link
              </SubmitButton>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 hover:underline">
            Back to Login
          </Link>
        </p>
      </div>
    </section>
  );
}
