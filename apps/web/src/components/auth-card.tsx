import type { ReactNode } from 'react';

interface AuthCardProps {
  /** The id of the heading that names the section. */
  titleId: string;
  /** The document title, before ' · Slotwise'. */
  pageTitle: string;
  /** The h1; left out when the content brings its own (with `titleId`). */
  heading?: ReactNode;
  width?: 'md' | 'lg';
  /** Over the card (e.g. the busy spinner). */
  overlay?: ReactNode;
  children: ReactNode;
}

/** The centered card of the account screens (register, password reset, email verification …). */
export function AuthCard({
  titleId,
  pageTitle,
  heading,
  width = 'md',
  overlay,
  children,
}: AuthCardProps) {
  return (
    <section
      aria-labelledby={titleId}
      className={`mx-auto w-full ${width === 'lg' ? 'max-w-lg' : 'max-w-md'} px-4 pt-4 pb-12 sm:px-6`}
    >
      <title>{`${pageTitle} · Slotwise`}</title>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {heading ? (
          <h1 id={titleId} className="text-2xl font-bold text-slate-900">
            {heading}
          </h1>
        ) : null}
        {children}
      </div>
      {overlay}
    </section>
  );
}
