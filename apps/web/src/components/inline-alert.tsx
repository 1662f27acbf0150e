import type { ReactNode } from 'react';

/** A short red error line under a dialog's text; nothing while there is no error. */
export function InlineAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {children}
    </p>
  );
}
