import { useTranslation } from '../../../lib/i18n';
import { useState, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import type { DiscoveryFilters } from '../discovery-filters';
import { activeFilterCount, searchSummary } from './filters-summary';

/**
 * On a phone (docs/product.md §14.2) the filters wait behind a 'Filters' button that opens them
 * in a dialog, so the first result is on the first screen; the line beside it says what is
 * searched. Each change applies at once, as on a wide screen; 'Show results' closes the sheet.
 */
export function FiltersSheet({ filters, form }: { filters: DiscoveryFilters; form: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex shrink-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        {t('Filters')}
        {count ? (
          <span className="rounded-full bg-indigo-600 px-2 text-xs text-white">
            <span aria-hidden="true">{count}</span>
            <span className="sr-only">{t(', {{count}} set', { count })}</span>
          </span>
        ) : null}
      </button>
      <p className="min-w-0 truncate text-sm text-slate-700">{searchSummary(filters)}</p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('Filters')}
        size="lg"
        footer={
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {t('Show results')}
          </button>
        }
      >
        {form}
      </Modal>
    </div>
  );
}
