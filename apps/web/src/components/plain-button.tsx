import type { ReactNode } from 'react';

const LOOKS = {
  /** Cancel, Done, Update: the quiet choice in a dialog's footer. */
  secondary:
    'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50',
  /** Cancel in a dialog whose request may lock it. */
  cancel:
    'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50',
  /** Delete and other destructive choices. */
  danger:
    'rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50',
} as const;

/** A `type="button"` button in one of the footer looks, so dialogs share one markup. */
export function PlainButton({
  look = 'secondary',
  onClick,
  disabled,
  children,
}: {
  look?: keyof typeof LOOKS;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={LOOKS[look]}>
      {children}
    </button>
  );
}

/** A form's submit button that shows `busyText` and is disabled while its request runs. */
export function PendingSubmit({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-50"
    >
      {busy ? busyText : children}
    </button>
  );
}
