import type { Place } from '@slotwise/shared/catalogue-schemas';
import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { controlClass } from '../../../components/control-class';
import { FieldError } from '../../../components/form-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePlaceSearch } from '../../catalogue/api/search-places';
import { placeLabel, type ChosenPlace } from '../catalogue-form';

/** Typing pauses this long before the gazetteer is asked. */
export const PLACE_DEBOUNCE_MS = 250;
/** Suggestions start at this many characters. */
const MIN_CHARS = 2;
const RESULT_LIMIT = 8;

function fromPlace(place: Place): ChosenPlace {
  return {
    id: place.id,
    name: place.name,
    region: place.region,
    country: place.country_name,
    timezone: place.timezone,
  };
}

interface PlaceComboboxProps {
  label: string;
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** The account's own zone, named next to a picked place's zone (which is only a proposal). */
  currentZone?: string;
}

/**
 * The provider's city (docs/product.md §11.1): an ARIA 1.2 combobox over GET /places (debounced,
 * from two characters), the same keyboard model as the client search box: focus stays in the
 * input, ArrowDown/ArrowUp move the active option (aria-activedescendant), Enter picks it,
 * Escape closes the list (a second Escape clears the text). Typing after a pick clears the
 * pick. A live region reports the number of suggestions.
 */
export function PlaceCombobox({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  currentZone,
}: PlaceComboboxProps) {
  const inputId = useId();
  const listboxId = useId();
  const [text, setText] = useState(value ? placeLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const typed = value ? '' : text.trim();
  const term = useDebouncedValue(typed.length >= MIN_CHARS ? typed : '', PLACE_DEBOUNCE_MS);
  const search = usePlaceSearch(term, RESULT_LIMIT);
  const searchable = typed.length >= MIN_CHARS;
  const settled = searchable && term === typed && !search.isPlaceholderData && !search.isFetching;
  const results = searchable && search.data ? search.data.places : [];
  const activeIndex = results.findIndex((place) => place.id === activeId);
  const optionId = (placeId: string) => `${listboxId}-${placeId}`;
  const expanded = open && searchable && results.length > 0;

  let status = '';
  if (open && searchable) {
    if (search.isError && settled) status = 'Could not search places. Try again.';
    else if (!settled) status = results.length ? '' : 'Searching places...';
    else if (results.length === 0) status = 'No places found';
    else status = `${results.length} ${results.length === 1 ? 'place' : 'places'} found`;
  }

  useEffect(() => {
    if (!expanded || !activeId) return;
    document.getElementById(`${listboxId}-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, activeId, listboxId]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const choose = (place: Place) => {
    const chosen = fromPlace(place);
    setText(placeLabel(chosen));
    close();
    onChange(chosen);
  };

  const move = (step: 1 | -1) => {
    if (results.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    setActiveId(results[(from + step + results.length) % results.length]!.id);
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
          choose(active);
        }
        break;
      }
      case 'Escape':
        if (expanded || status) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (text) {
          event.preventDefault();
          event.stopPropagation();
          setText('');
          if (value) onChange(null);
        }
        break;
    }
  };

  const onContainerBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      close();
      onBlur?.();
    }
  };

  const hintId = `${inputId}-hint`;
  const zoneId = `${inputId}-zone`;
  const errorId = `${inputId}-error`;
  const zoneNote = value?.timezone
    ? `Suggested time zone for ${value.name}: ${value.timezone}.${
        currentZone && currentZone !== value.timezone
          ? ` Your times stay in your account's zone (${currentZone}).`
          : ''
      }`
    : '';
  const describedBy = [hint ? hintId : null, zoneNote ? zoneId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="relative" onBlur={onContainerBlur}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeId!) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveId(null);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={controlClass(error)}
      />
      <div
        hidden={!(open && (expanded || status))}
        className="absolute right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
      >
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Places"
          hidden={!expanded}
          className="max-h-72 overflow-y-auto py-1"
        >
          {expanded
            ? results.map((place, index) => (
                <li
                  key={place.id}
                  id={optionId(place.id)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActiveId(place.id)}
                  onClick={() => choose(place)}
                  className={`cursor-pointer px-3 py-2 text-sm ${
                    index === activeIndex
                      ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600'
                      : ''
                  }`}
                >
                  <span className="block font-medium text-slate-900">{place.name}</span>
                  <span className="block text-xs text-slate-600">
                    {[place.region, place.country_name].filter(Boolean).join(', ')}
                  </span>
                </li>
              ))
            : null}
        </ul>
        {status && !expanded ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-slate-600">
            {status}
          </p>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {zoneNote ? (
        <p id={zoneId} className="mt-1 text-xs text-slate-600">
          {zoneNote}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
