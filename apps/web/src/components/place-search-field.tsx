import { useTranslation } from '../lib/i18n';
import type { Place } from '@slotwise/shared/catalogue-schemas';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useCombobox } from '../lib/use-combobox';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ComboboxPopup } from './combobox-popup';

/** Typing pauses this long before the gazetteer is asked. */
export const PLACE_SEARCH_DEBOUNCE_MS = 250;
/** Suggestions start at this many characters. */
const MIN_CHARS = 2;
const RESULT_LIMIT = 8;

/** What a place search answers for a term (the caller's hook: TanStack Query or a plain fetch). */
export interface PlaceSuggestions {
  places: readonly Place[];
  /** The places are this term's answer (not the previous term's, kept meanwhile). */
  settled: boolean;
  failed: boolean;
}

interface PlaceSearchFieldProps {
  inputId: string;
  label: string;
  /** The typed text; the caller owns it (a pick, or a URL change, rewrites it). */
  text: string;
  setText: (text: string) => void;
  /** A place is chosen: no search, and typing un-chooses it. */
  chosen: boolean;
  onPick: (place: Place) => void;
  onUnpick: () => void;
  /** Every change of the typed text. */
  onTextChange?: (text: string) => void;
  /** Focus left the field. */
  onLeave?: () => void;
  useSuggestions: (term: string, limit: number) => PlaceSuggestions;
  /** More input attributes (aria-invalid, aria-describedby, placeholder, autoFocus …). */
  inputAttributes?: InputHTMLAttributes<HTMLInputElement>;
  inputClassName: string;
  /** Shown under the popup, before the live region (hint, notes, error). */
  children?: ReactNode;
}

/**
 * A place field (docs/product.md §11.1): an ARIA 1.2 combobox over GET /places (debounced, from
 * two characters) with the app's combobox keyboard model (lib/use-combobox.ts). A live region
 * reports the number of suggestions.
 */
export function PlaceSearchField({
  inputId,
  label,
  text,
  setText,
  chosen,
  onPick,
  onUnpick,
  onTextChange,
  onLeave,
  useSuggestions,
  inputAttributes,
  inputClassName,
  children,
}: PlaceSearchFieldProps) {
  const { t } = useTranslation();
  const typed = chosen ? '' : text.trim();
  const term = useDebouncedValue(typed.length >= MIN_CHARS ? typed : '', PLACE_SEARCH_DEBOUNCE_MS);
  const search = useSuggestions(term, RESULT_LIMIT);
  const searchable = typed.length >= MIN_CHARS;
  const settled = searchable && term === typed && search.settled;
  const results = searchable ? search.places : [];

  const combobox = useCombobox({
    results,
    idOf: (place) => place.id,
    searchable,
    onPick,
    escape: {
      popupShown: (): boolean => combobox.expanded || status !== '',
      text,
      onClear: () => {
        setText('');
        if (chosen) onUnpick();
      },
      stopEscape: true,
    },
    onLeave,
  });

  let status = '';
  if (combobox.open && searchable) {
    if (search.failed && settled) status = 'Could not search places. Try again.';
    else if (!settled) status = results.length ? '' : 'Searching places...';
    else if (results.length === 0) status = 'No places found';
    else status = `${results.length} ${results.length === 1 ? 'place' : 'places'} found`;
  }

  return (
    <div className="relative" {...combobox.containerProps}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        {...combobox.inputProps}
        {...inputAttributes}
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onTextChange?.(event.target.value);
          combobox.onType();
          if (chosen) onUnpick();
        }}
        className={inputClassName}
      />
      <ComboboxPopup
        combobox={combobox}
        label={t('Places')}
        results={results}
        idOf={(place) => place.id}
        shown={combobox.open && (combobox.expanded || status !== '')}
        note={status && !combobox.expanded ? status : null}
        className="absolute start-0 end-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        listClassName="max-h-72 overflow-y-auto py-1"
        optionClassName="cursor-pointer px-3 py-2 text-sm"
        renderOption={(place) => (
          <>
            <span className="block font-medium text-slate-900">{place.name}</span>
            <span className="block text-xs text-slate-600">
              {[place.region, place.country_name].filter(Boolean).join(', ')}
            </span>
          </>
        )}
      />
      {children}
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
