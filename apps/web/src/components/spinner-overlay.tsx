interface SpinnerOverlayProps {
  /** Announced to assistive technology and shown under the spinner. */
  label?: string;
}

/** Full-screen loading overlay (docs/product.md §2: shown e.g. while registering). */
export function SpinnerOverlay({ label = 'Loading...' }: SpinnerOverlayProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label}
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white/90"
    >
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-[spin_2s_linear_infinite]"
      />
      <span className="text-sm font-medium text-slate-700">{label}</span>
    </div>
  );
}
