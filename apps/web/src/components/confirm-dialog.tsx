import { useRef, type ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** The question, read as the dialog's description. */
  question: string;
  /** Label of the safe choice (focused first). */
  keepLabel: string;
  /** Label of the destructive choice, and its text while `busy`. */
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /**
   * While busy, the dialog cannot be dismissed (Escape, ×, backdrop, the keep button).
   * Default true; false keeps the way out open during the request.
   */
  lockWhileBusy?: boolean;
  /** What is at stake (the appointment, the slot), and any error line. */
  children: ReactNode;
}

/**
 * The one confirmation dialog for destructive actions (cancel an appointment, delete a slot):
 * an accessible modal whose focus starts on the safe choice, with the destructive button in red
 * showing its busy text while the request runs.
 */
export function ConfirmDialog({
  title,
  question,
  keepLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  lockWhileBusy = true,
  children,
}: ConfirmDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const locked = lockWhileBusy && busy;
  return (
    <Modal
      open
      onClose={locked ? () => {} : onClose}
      title={title}
      description={question}
      size="sm"
      initialFocusRef={keepRef}
      closeOnBackdrop={!locked}
      footer={
        <>
          <button
            ref={keepRef}
            type="button"
            onClick={onClose}
            disabled={locked}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {keepLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
