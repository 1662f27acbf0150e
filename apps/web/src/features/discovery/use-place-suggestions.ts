import type { Place } from '@slotwise/shared/catalogue-schemas';
import { useEffect, useState } from 'react';
import { searchPlaces } from '../catalogue/api/search-places';

interface Answer {
  term: string;
  places: Place[];
  failed: boolean;
}

/**
 * GET /places suggestions for `term` (nothing is asked for an empty one), by plain fetch rather
 * than TanStack Query: the landing page's place picker would otherwise bring useQuery into the
 * page's first load, past its JavaScript budget (apps/web/README.md). The previous term's
 * places stay until the new ones arrive; `settled` says they are this term's.
 */
export function usePlaceSuggestions(term: string, limit: number) {
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    searchPlaces(term, limit, controller.signal).then(
      ({ places }) => setAnswer({ term, places, failed: false }),
      () => {
        if (!controller.signal.aborted) setAnswer({ term, places: [], failed: true });
      },
    );
    return () => controller.abort();
  }, [term, limit]);

  const settled = answer !== null && answer.term === term;
  return { places: answer?.places ?? [], settled, failed: settled && answer.failed };
}
