import { SEARCH_MAX_QUERY_LENGTH, SEARCH_MIN_QUERY_LENGTH } from '@slotwise/shared/discovery-types';
import { MESSAGES } from '@slotwise/shared/messages';
import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { StarRating } from '../../../components/star-rating';
import { Avatar } from '../../../components/avatar';
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
  const navigate = useNavigate();
  const inputId = useId();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const typed = text.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useProviderSearch(term, RESULT_LIMIT);
  const searchable = typed.length >= SEARCH_MIN_QUERY_LENGTH;
  const settled = searchable && term === typed && !search.isPlaceholderData;

  const results = searchable ? (search.data?.providers ?? []) : [];
  const activeIndex = results.findIndex((provider) => provider.provider_id === activeId);
  const optionId = (providerId: string) => `${listboxId}-${providerId}`;
  const popupOpen = open && searchable;
  const expanded = popupOpen && results.length > 0;

  let status = '';
  if (searchable) {
    if (search.isError && settled) status = MESSAGES.searchProvidersFailed;
    else if (!settled || search.isPending)
      status = results.length ? '' : MESSAGES.searchingProviders;
    else if (results.length === 0) status = MESSAGES.noProvidersFound;
  }
  const announcement =
    status ||
    (settled && results.length > 0
      ? `${results.length} ${results.length === 1 ? 'provider' : 'providers'} found`
      : '');

  // Keep the active option in view while arrowing through a scrolled list.
  useEffect(() => {
    if (!expanded || !activeId) return;
    document.getElementById(`${listboxId}-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, activeId, listboxId]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const choose = (providerId: string) => {
    close();
    setText('');
    void navigate(`/client/provider/${encodeURIComponent(providerId)}`);
  };

  const move = (step: 1 | -1) => {
    if (results.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (from + step + results.length) % results.length;
    setActiveId(results[next]!.provider_id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const active = expanded ? results[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          choose(active.provider_id);
        }
        break;
      }
      case 'Escape':
        if (popupOpen) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <div role="search" className="relative w-full" onBlur={onBlur}>
      <label htmlFor={inputId} className="sr-only">
        Search providers
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeId!) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={MESSAGES.searchProvidersPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveId(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="w-full min-w-0 rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <div
        hidden={!(popupOpen && (expanded || status))}
        className="absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
      >
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Providers"
          hidden={!expanded}
          className="max-h-80 overflow-y-auto py-1"
        >
          {expanded
            ? results.map((provider, index) => {
                const name = fullName(provider.first_name, provider.last_name);
                const active = index === activeIndex;
                return (
                  <li
                    key={provider.provider_id}
                    id={optionId(provider.provider_id)}
                    role="option"
                    aria-selected={active}
                    // Keep focus in the input: the click still lands on the option.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveId(provider.provider_id)}
                    onClick={() => choose(provider.provider_id)}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${
                      // The active option is outlined, not just tinted (WCAG 2.4.7).
                      active ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600' : ''
                    }`}
                  >
                    <Avatar src={provider.profile_image_url} name={name} alt="" size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">
                        {name}
                      </span>
                      <span className="block truncate text-xs text-slate-600">
                        {provider.specialty}
                        {provider.category ? ` · ${categoryName(provider.category)}` : ''}
                      </span>
                      <StarRating rating={provider.rating} reviewCount={provider.review_count} />
                    </span>
                  </li>
                );
              })
            : null}
        </ul>
        {status && popupOpen ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-slate-600">
            {status}
          </p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {popupOpen ? announcement : ''}
      </p>
    </div>
  );
}
