import { useSearchParams } from 'react-router';

export type TimeslotsView = 'list' | 'week';

const STORAGE_KEY = 'slotwise.timeslots.view';

function readView(value: string | null): TimeslotsView | null {
  return value === 'list' || value === 'week' ? value : null;
}

function storedView(): TimeslotsView | null {
  try {
    return readView(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The time slots screen's view: `?view=week|list`, else the provider's last choice, else the
 * SPEC list (so the product's list, its empty text and card actions are what a first visit
 * shows).
 */
export function useTimeslotsView(): [TimeslotsView, (view: TimeslotsView) => void] {
  const [params, setParams] = useSearchParams();
  const view = readView(params.get('view')) ?? storedView() ?? 'list';
  const setView = (next: TimeslotsView) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the URL still carries the choice.
    }
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
