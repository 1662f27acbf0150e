import type { ReactNode } from 'react';

const LOOKS = {
  /** Full width, under a page's form. */
  block:
    'w-full rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50',
  /** In a dialog's footer. */
  inline:
    'rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50',
} as const;

interface SubmitButtonProps {
  /** The request is running: the button is disabled and shows `busyText` (when given). */
  busy: boolean;
  busyText?: string;
  /** Disabled for another reason (e.g. a picture still being compressed). */
  disabled?: boolean;
  /** Id of the form it submits, when it sits outside it (a dialog footer). */
  form?: string;
  look?: keyof typeof LOOKS;
  /** Marks the button aria-busy while busy. */
  announceBusy?: boolean;
  children: ReactNode;
}

/** A form's submit button, disabled while its request runs, with its busy text. */
export function SubmitButton({
  busy,
  busyText,
  disabled = false,
  form,
  look = 'block',
  announceBusy = false,
  children,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      form={form}
      disabled={busy || disabled}
      aria-busy={announceBusy && busy ? true : undefined}
      className={LOOKS[look]}
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}
