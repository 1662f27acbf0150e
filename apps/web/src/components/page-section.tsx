import type { ReactNode } from 'react';

/**
 * A page: its section labelled by the h1, the document title, and the page's actions beside the
 * h1 (wrapping below it on narrow screens).
 */
export function PageSection({
  titleId,
  title,
  width,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  /** The max-width class, e.g. `max-w-6xl`. */
  width: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h1 id={titleId} className="text-2xl font-bold text-slate-900">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={titleId} className={`mx-auto ${width} px-4 py-6 sm:px-6`}>
      <title>{`${title} · Slotwise`}</title>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
