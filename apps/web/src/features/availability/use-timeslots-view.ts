import { useSearchParams } from 'react-router';

export type TimeslotsView = 'list' | 'week';

function readView(value: string | null): TimeslotsView | null {
  return value === 'list' || value === 'week' ? value : null;
}

/**
 * The time slots screen's view: `?view=week|list`, else the week calendar (docs/product.md
 * §14.3: the provider's week first; SPEC's list one toggle away, the toggle kept in the URL).
 */
export function useTimeslotsView(): [TimeslotsView, (view: TimeslotsView) => void] {
  const [params, setParams] = useSearchParams();
  const view = readView(params.get('view')) ?? 'week';
  const setView = (next: TimeslotsView) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('view', next);
        return copy;
      },
      { replace: true },
    );
  };
  return [view, setView];
}
