import type { ReactNode } from 'react';

/**
 * A 24 × 24 outline icon in the text's color (`children`: its paths), hidden from assistive
 * technology: the button or link around it carries the name.
 */
export function OutlineIcon({
  strokeWidth = 2,
  children,
}: {
  strokeWidth?: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
