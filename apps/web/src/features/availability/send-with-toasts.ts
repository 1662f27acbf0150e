import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { showFormFailure } from '../../lib/form-failure';
import { translate } from '../../lib/i18n';

interface SendWithToasts<Answer, T extends FieldValues> {
  send: () => Promise<Answer>;
  onSent: (answer: Answer) => void;
  /** The form's setError: a failure is shown in the form (see showFormFailure). */
  setError: UseFormSetError<T>;
  /** The failure text when the server gives none. */
  failed: string;
}

/**
 * The weekly-hours and time-off submit, once the form passed its schema: the request, its
 * message as a toast, and a failure shown in the form too.
 */
export async function sendWithToasts<Answer extends { message: string }, T extends FieldValues>({
  send,
  onSent,
  setError,
  failed,
}: SendWithToasts<Answer, T>): Promise<void> {
  try {
    const answer = await send();
    toast.success(answer.message);
    onSent(answer);
  } catch (error) {
    toast.error(showFormFailure(error, translate(failed), setError));
  }
}
