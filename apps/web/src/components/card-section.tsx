import type { ReactNode } from 'react';

/**
 * A white card labelled by its h2, with an optional line under the heading (`description`).
 * Beside the heading: `badge` right after it (e.g. a count) or `actions` at the far end (e.g.
 * an Add button, wrapping below on narrow screens).
 */
export function CardSection({
  titleId,
  title,
  className,
  headingClassName,
  badge,
  actions,
  description,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** Classes put before the card's own (e.g. `min-w-0` in a grid). */
  className?: string;
  /** Classes put before the heading's own (e.g. a margin). */
  headingClassName?: string;
  badge?: ReactNode;
  actions?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2
      id={titleId}
      className={`${headingClassName ? `${headingClassName} ` : ''}text-lg font-semibold text-slate-900`}
    >
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={titleId}
      className={`${className ? `${className} ` : ''}rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5`}
    >
      {badge ? (
        <div className="flex items-center gap-2">
          {heading}
          {badge}
        </div>
      ) : actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {children}
    </section>
  );
}
