import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';

interface SendWithToasts<Answer> {
  send: () => Promise<Answer>;
  onSent: (answer: Answer) => void;
  setFailure: (message: string) => void;
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
  setFailure,
  failed,
}: SendWithToasts<Answer>): Promise<void> {
  try {
    const answer = await send();
    toast.success(answer.message);
    onSent(answer);
  } catch (error) {
    const message = failureMessage(error, failed);
    setFailure(message);
    toast.error(message);
  }
}
