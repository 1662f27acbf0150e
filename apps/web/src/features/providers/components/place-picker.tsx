import type { Place } from '@slotwise/shared/catalogue-schemas';
import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { controlClass } from '../../../components/control-class';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePlaceSuggestions } from '../use-place-suggestions';

const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;
const RESULT_LIMIT = 8;

export interface PickedPlace {
  id: string;
  name: string;
}

export interface PlacePickerProps {
  /** The input's id (the page moves focus here when "near me" is refused). */
  inputId: string;
  label: string;
  value: PickedPlace | null;
  onChange: (place: PickedPlace | null) => void;
  placeholder?: string;
  /** Text already typed into the plain field this picker replaces (the landing page's). */
  initialText?: string;
  /** Take the focus on mount (it replaces a focused plain field). */
  autoFocus?: boolean;
  /** Every change of the typed text. */
  onTextChange?: (text: string) => void;
}

function describe(place: Place): string {
  return [place.region, place.country_name].filter(Boolean).join(', ');
}

/**
 * "Where": an ARIA 1.2 combobox over GET /places (debounced, from two characters), with the
 * keyboard model of the provider's city field (features/accounts): focus stays in the input,
 * ArrowDown/ArrowUp move the active option, Enter picks it, Escape closes the list and a second
 * Escape clears the choice. A polite live region reports the number of suggestions.
 */
export function PlacePicker({
  inputId,
  label,
  value,
  onChange,
  placeholder,
  initialText = '',
  autoFocus = false,
  onTextChange,
}: PlacePickerProps) {
  const listboxId = useId();
  const [text, setText] = useState(value?.name ?? initialText);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  // The URL changed the place (back button, "near me"): show its name.
  const [shown, setShown] = useState(value);
  if (shown?.id !== value?.id) {
    setShown(value);
    setText(value?.name ?? '');
  }

  const typed = value ? '' : text.trim();
  const term = useDebouncedValue(typed.length >= MIN_CHARS ? typed : '', DEBOUNCE_MS);
  const search = usePlaceSuggestions(term, RESULT_LIMIT);
  const searchable = typed.length >= MIN_CHARS;
  const settled = searchable && term === typed && search.settled;
  const results = searchable ? search.places : [];
  const activeIndex = results.findIndex((place) => place.id === activeId);
  const optionId = (placeId: string) => `${listboxId}-${placeId}`;
  const expanded = open && searchable && results.length > 0;

  let status = '';
  if (open && searchable) {
    if (search.failed && settled) status = 'Could not search places. Try again.';
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
    const picked = { id: place.id, name: place.name };
    setText(place.name);
    setShown(picked);
    close();
    onChange(picked);
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
          if (value) {
            setShown(null);
            onChange(null);
          }
        }
        break;
    }
  };

  const onContainerBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

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
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={placeholder}
        value={text}
        // It replaces the plain field that had the focus: keep the focus where the visitor is.
        autoFocus={autoFocus}
        onChange={(event) => {
          setText(event.target.value);
          onTextChange?.(event.target.value);
          setOpen(true);
          setActiveId(null);
          if (value) {
            setShown(null);
            onChange(null);
          }
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={controlClass()}
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
                  <span className="block text-xs text-slate-600">{describe(place)}</span>
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
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
