import { useTranslation } from '../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';

/**
 * 'Show later times' under a list of available slots: loads the next 14 days that hold a free
 * slot (docs/decisions/054-available-slots-window.md). Nothing when there is nothing later.
 */
export function ShowLaterTimes({
  slots,
}: {
  slots: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation();
  if (!slots.hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={() => void slots.fetchNextPage()}
      disabled={slots.isFetchingNextPage}
      aria-busy={slots.isFetchingNextPage}
      className="mt-4 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {t(slots.isFetchingNextPage ? MESSAGES.loadingLaterTimes : MESSAGES.showLaterTimes)}
    </button>
  );
}
