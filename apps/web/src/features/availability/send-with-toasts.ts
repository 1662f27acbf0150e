import type { ErrorOption } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';

interface SendWithToasts<Answer> {
  send: () => Promise<Answer>;
  onSent: (answer: Answer) => void;
  /** The form's setError: a failure is the form's `root.server` error until the next submit. */
  setError: (name: 'root.server', error: ErrorOption) => void;
  /** The failure text when the server gives none. */
  failed: string;
}

/**
 * The weekly-hours and time-off submit, once the form passed its schema: the request, its
 * message as a toast, and a failure shown in the form too.
 */
export async function sendWithToasts<Answer extends { message: string }>({
  send,
  onSent,
  setError,
  failed,
}: SendWithToasts<Answer>): Promise<void> {
  try {
    const answer = await send();
    toast.success(answer.message);
    onSent(answer);
  } catch (error) {
    const message = failureMessage(error, failed);
    setError('root.server', { type: 'server', message });
    toast.error(message);
  }
}
