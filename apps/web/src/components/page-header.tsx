import type { ReactNode } from 'react';

/** A page's h1 with its actions beside it, wrapping below on narrow screens. */
export function PageHeader({
  titleId,
  title,
  children,
}: {
  /** The h1's id, which the page's section is labelled by. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 id={titleId} className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      {children}
    </div>
  );
}
