import { useTranslation } from '../../../lib/i18n';
import {
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MIN_QUERY_LENGTH,
} from '@slotwise/shared/discovery-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { StarRating } from '../../../components/star-rating';
import { Avatar } from '../../../components/avatar';
import { ComboboxPopup } from '../../../components/combobox-popup';
import { useCombobox } from '../../../lib/use-combobox';
import { categoryName } from '../../../lib/category-name';
import { fullName } from '../../../lib/full-name';
import { useProviderSearch } from '../api/search-providers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 250;
/** At most this many suggestions. */
const RESULT_LIMIT = 8;

/**
 * The client header's provider search (docs/product.md §2): from two characters on, a debounced search
 * whose results (avatar, name, specialty) drop down under the box; choosing one opens
 * /client/provider/{provider_id}.
 *
 * An ARIA 1.2 combobox with a listbox popup: focus stays in the input, ArrowDown/ArrowUp move
 * the active option (aria-activedescendant, wrapping around), Enter opens it, Escape closes the
 * list (a second Escape clears the text); a live region reports the number of results.
 */
export function ClientSearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');

  const typed = text.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useProviderSearch(term, RESULT_LIMIT);
  const searchable = typed.length >= SEARCH_MIN_QUERY_LENGTH;
  const settled = searchable && term === typed && !search.isPlaceholderData;

  const results = searchable ? (search.data?.providers ?? []) : [];
  const combobox = useCombobox({
    results,
    idOf: (provider) => provider.provider_id,
    searchable,
    onPick: (provider) => {
      setText('');
      void navigate(`/client/provider/${encodeURIComponent(provider.provider_id)}`);
    },
    escape: {
      popupShown: (): boolean => combobox.popupOpen,
      text,
      onClear: () => setText(''),
      stopEscape: false,
    },
  });
  const { popupOpen, expanded } = combobox;

  let status = '';
  if (searchable) {
    if (search.isError && settled) status = t(MESSAGES.searchProvidersFailed);
    else if (!settled || search.isPending)
      status = results.length ? '' : t(MESSAGES.searchingProviders);
    else if (results.length === 0) status = t(MESSAGES.noProvidersFound);
  }
  const announcement =
    status ||
    (settled && results.length > 0
      ? t('{{total}} providers found', { count: results.length, total: results.length })
      : '');

  return (
    <div role="search" className="relative w-full" {...combobox.containerProps}>
      <label htmlFor={inputId} className="sr-only">
        {t('Search providers')}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.63a.75.75 0 1 0 1.06-1.06l-3.63-3.63A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
          clipRule="evenodd"
        />
      </svg>
      <input
        id={inputId}
        type="text"
        {...combobox.inputProps}
        enterKeyHint="search"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={t(MESSAGES.searchProvidersPlaceholder)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          combobox.onType();
        }}
        className="w-full min-w-0 rounded-md border border-slate-300 bg-white py-2 pe-3 ps-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <ComboboxPopup
        combobox={combobox}
        label={t('Providers')}
        results={results}
        idOf={(provider) => provider.provider_id}
        shown={popupOpen && (expanded || status !== '')}
        note={status && popupOpen ? status : null}
        className="absolute top-full end-0 start-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        listClassName="max-h-80 overflow-y-auto py-1"
        optionClassName="flex cursor-pointer items-center gap-3 px-3 py-2"
        renderOption={(provider) => {
          const name = fullName(provider.first_name, provider.last_name);
          return (
            <>
              <Avatar src={provider.profile_image_url} name={name} alt="" size="sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                <span className="block truncate text-xs text-slate-600">
                  {provider.specialty}
                  {provider.category ? ` · ${t(categoryName(provider.category))}` : ''}
                </span>
                <StarRating rating={provider.rating} reviewCount={provider.review_count} />
              </span>
            </>
          );
        }}
      />
      <p role="status" className="sr-only">
        {popupOpen ? announcement : ''}
      </p>
    </div>
  );
}
