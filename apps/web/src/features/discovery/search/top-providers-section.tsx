import { lazy, Suspense, useEffect, useState } from 'react';

const TopProvidersBand = lazy(() =>
  import('./top-providers-now').then((module) => ({ default: module.TopProvidersBand })),
);

/** What a visitor does before reaching anything under the hero. */
const FIRST_MOVES = ['scroll', 'pointermove', 'touchstart', 'keydown'] as const;

/**
 * Where the landing page's 'Top-rated providers' band goes (docs/product.md §14.2). The band, its
 * code and its request come with the visitor's first move (a scroll, a pointer, a key): the
 * landing page's first load stays within its JavaScript budget (apps/web/README.md).
 */
export function TopProvidersSection() {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) return;
    const show = () => setMoved(true);
    for (const type of FIRST_MOVES) window.addEventListener(type, show, { passive: true });
    return () => {
      for (const type of FIRST_MOVES) window.removeEventListener(type, show);
    };
  }, [moved]);
  return moved ? (
    <Suspense fallback={null}>
      <TopProvidersBand />
    </Suspense>
  ) : null;
}
