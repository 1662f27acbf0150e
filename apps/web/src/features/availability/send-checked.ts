import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';

/** A schema's safeParse answer, as far as the dialogs read it. */
type Checked =
  | { success: true }
  | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };

interface SendChecked<Answer> {
  /** The error key an issue is shown under. */
  keyOf: (path: PropertyKey[]) => string;
  setErrors: (errors: Record<string, string>) => void;
  setFailure: (message: string) => void;
  send: () => Promise<Answer>;
  onSent: (answer: Answer) => void;
  /** The failure text when the server gives none. */
  failed: string;
}

/**
 * The weekly-hours and time-off submit: the first issue per field when the body does not pass its
 * schema; otherwise the request, its message as a toast, and a failure shown in the form too.
 */
export async function sendChecked<Answer extends { message: string }>(
  checked: Checked,
  { keyOf, setErrors, setFailure, send, onSent, failed }: SendChecked<Answer>,
): Promise<void> {
  if (!checked.success) {
    const found: Record<string, string> = {};
    for (const issue of checked.error.issues) found[keyOf(issue.path)] ??= issue.message;
    setErrors(found);
    return;
  }
  setErrors({});
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
