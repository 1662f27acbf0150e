import type { ReactNode } from 'react';

/** A form control's visible label, in the form kit's look (for controls outside Field). */
export function ControlLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}
