import type { Place } from '@slotwise/shared/catalogue-schemas';
import { useId, useState } from 'react';
import { controlClass } from '../../../components/control-class';
import { FieldError, FieldHint } from '../../../components/form-field';
import {
  PLACE_SEARCH_DEBOUNCE_MS,
  PlaceSearchField,
  type PlaceSuggestions,
} from '../../../components/place-search-field';
import { usePlaceSearch } from '../../catalogue/api/search-places';
import { placeLabel, type ChosenPlace } from '../catalogue-form';

/** Typing pauses this long before the gazetteer is asked. */
export const PLACE_DEBOUNCE_MS = PLACE_SEARCH_DEBOUNCE_MS;

function fromPlace(place: Place): ChosenPlace {
  return {
    id: place.id,
    name: place.name,
    region: place.region,
    country: place.country_name,
    timezone: place.timezone,
  };
}

/** GET /places through TanStack Query (cached for the whole session: the gazetteer never changes). */
function useCachedPlaceSearch(term: string, limit: number): PlaceSuggestions {
  const search = usePlaceSearch(term, limit);
  return {
    places: search.data ? search.data.places : [],
    settled: !search.isPlaceholderData && !search.isFetching,
    failed: search.isError,
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
  const [text, setText] = useState(value ? placeLabel(value) : '');

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
    <PlaceSearchField
      inputId={inputId}
      label={label}
      text={text}
      setText={setText}
      chosen={Boolean(value)}
      onPick={(place) => {
        const chosen = fromPlace(place);
        setText(placeLabel(chosen));
        onChange(chosen);
      }}
      onUnpick={() => onChange(null)}
      onLeave={onBlur}
      useSuggestions={useCachedPlaceSearch}
      inputAttributes={{
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      }}
      inputClassName={controlClass(error)}
    >
      <FieldHint id={hintId} hint={hint} />
      {zoneNote ? (
        <p id={zoneId} className="mt-1 text-xs text-slate-600">
          {zoneNote}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </PlaceSearchField>
  );
}
