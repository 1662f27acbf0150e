import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';

/** An offer whose hold ran out while shown: says so and reads the offers and entries again. */
export function OfferExpiredLine() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
  }, [queryClient]);
  return (
    <p role="status" className="text-sm text-amber-800">
      {t(WAITLIST_MESSAGES.offerExpired)}
    </p>
  );
}
