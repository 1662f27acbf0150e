import { useTranslation } from '../../../lib/i18n';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { useId } from 'react';

/** The search box and the one status filter of the operator's searches. */
export function SearchBar({
  query,
  onQuery,
  placeholder,
  filterLabel,
  filtered,
  onFiltered,
}: {
  query: string;
  onQuery: (query: string) => void;
  placeholder: string;
  /** The checkbox's label ('Suspended only'). */
  filterLabel: string;
  filtered: boolean;
  onFiltered: (filtered: boolean) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {t(MODERATION_TEXTS.searchLabel)}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => onQuery(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
        />
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={filtered}
          onChange={(event) => onFiltered(event.target.checked)}
        />
        {filterLabel}
      </label>
    </div>
  );
}
