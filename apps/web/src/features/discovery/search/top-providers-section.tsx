import { lazy, Suspense, useSyncExternalStore } from 'react';

const TopProvidersBand = lazy(() =>
  import('./top-providers-now').then((module) => ({ default: module.TopProvidersBand })),
);

/** What a visitor does before reaching anything under the hero. */
const FIRST_MOVES = ['scroll', 'wheel', 'pointermove', 'touchstart', 'keydown'] as const;

/**
 * Whether the visitor has moved since the app started. Listened for from the start, not from the
 * band's first render: the first render is sliced (main.tsx), and a move made while it is still
 * under way counts too.
 */
let moved = false;
const waiting = new Set<() => void>();

function firstMove() {
  moved = true;
  for (const type of FIRST_MOVES) window.removeEventListener(type, firstMove);
  for (const notify of waiting) notify();
}

for (const type of FIRST_MOVES) window.addEventListener(type, firstMove, { passive: true });

function subscribe(notify: () => void) {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

const hasMoved = () => moved;

/**
 * Where the landing page's 'Top-rated providers' band goes (docs/product.md §14.2). The band, its
 * code and its request come with the visitor's first move (a scroll, a pointer, a key): the
 * landing page's first load stays within its JavaScript budget (apps/web/README.md).
 */
export function TopProvidersSection() {
  return useSyncExternalStore(subscribe, hasMoved, hasMoved) ? (
    <Suspense fallback={null}>
      <TopProvidersBand />
    </Suspense>
  ) : null;
}
