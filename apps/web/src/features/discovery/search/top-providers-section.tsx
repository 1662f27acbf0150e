import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const TopProvidersNow = lazy(() =>
  import('./top-providers-now').then((module) => ({ default: module.TopProvidersNow })),
);

/**
 * The landing page's 'Top-rated providers' band (docs/product.md §14.2). Its cards and their
 * request load when the band comes near the screen: the landing page's first load stays within
 * its JavaScript budget (apps/web/README.md).
 */
export function TopProvidersSection() {
  const ref = useRef<HTMLElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the band loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section
      ref={ref}
      id="top-providers"
      aria-labelledby="top-providers-title"
      className="bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2
          id="top-providers-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          Top-rated providers
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Loved by clients, and free soon.
        </p>
        {near ? (
          <Suspense fallback={null}>
            <TopProvidersNow />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
