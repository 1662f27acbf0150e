import { useState } from 'react';
import { controlClass } from '../../../components/control-class';
import { PlaceSearchField } from '../../../components/place-search-field';
import { usePlaceSuggestions } from '../use-place-suggestions';

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
  const [text, setText] = useState(value?.name ?? initialText);

  // The URL changed the place (back button, "near me"): show its name.
  const [shown, setShown] = useState(value);
  if (shown?.id !== value?.id) {
    setShown(value);
    setText(value?.name ?? '');
  }

  return (
    <PlaceSearchField
      inputId={inputId}
      label={label}
      text={text}
      setText={setText}
      chosen={Boolean(value)}
      onPick={(place) => {
        const picked = { id: place.id, name: place.name };
        setText(place.name);
        setShown(picked);
        onChange(picked);
      }}
      onUnpick={() => {
        setShown(null);
        onChange(null);
      }}
      onTextChange={onTextChange}
      useSuggestions={usePlaceSuggestions}
      inputAttributes={{
        placeholder,
        // It replaces the plain field that had the focus: keep the focus where the visitor is.
        autoFocus,
      }}
      inputClassName={controlClass()}
    />
  );
}
