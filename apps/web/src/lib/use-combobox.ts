import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface ComboboxConfig<T> {
  /** The suggestions on offer now. */
  results: readonly T[];
  idOf: (item: T) => string;
  /** Whether the text is long enough to search (the popup stays shut below it). */
  searchable: boolean;
  onPick: (item: T) => void;
  /**
   * Escape: closes the popup when `popupShown()`, else clears the text (`onClear`) when there is
   * some. `stopEscape` keeps the key from also closing a surrounding dialog.
   */
  escape: { popupShown: () => boolean; text: string; onClear: () => void; stopEscape: boolean };
  /** Focus left the whole combobox (after it closed). */
  onLeave?: () => void;
}

/**
 * The keyboard and ARIA 1.2 model every combobox of the app shares (docs/accessibility.md):
 * focus stays in the input, ArrowDown/ArrowUp move the active option (aria-activedescendant,
 * wrapping around), Enter picks it, Escape closes the list and a second Escape clears the text.
 */
export function useCombobox<T>({
  results,
  idOf,
  searchable,
  onPick,
  escape,
  onLeave,
}: ComboboxConfig<T>) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = results.findIndex((item) => idOf(item) === activeId);
  const optionId = (id: string) => `${listboxId}-${id}`;
  const popupOpen = open && searchable;
  const expanded = popupOpen && results.length > 0;

  // Keep the active option in view while arrowing through a scrolled list.
  useEffect(() => {
    if (!expanded || !activeId) return;
    document.getElementById(`${listboxId}-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, activeId, listboxId]);

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const pick = (item: T) => {
    close();
    onPick(item);
  };

  const move = (step: 1 | -1) => {
    if (results.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    setActiveId(idOf(results[(from + step + results.length) % results.length]!));
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
          pick(active);
        }
        break;
      }
      case 'Escape': {
        const popupShown = escape.popupShown();
        if (popupShown || escape.text) {
          event.preventDefault();
          if (escape.stopEscape) event.stopPropagation();
          if (popupShown) close();
          else escape.onClear();
        }
        break;
      }
    }
  };

  /** Typing: the list opens afresh, with no active option. */
  const onType = () => {
    setOpen(true);
    setActiveId(null);
  };

  return {
    open,
    popupOpen,
    expanded,
    activeIndex,
    listboxId,
    onType,
    /** Spread on the container: focus leaving it closes the list. */
    containerProps: {
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        close();
        onLeave?.();
      },
    },
    /** Spread on the input. */
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-activedescendant': expanded && activeIndex >= 0 ? optionId(activeId!) : undefined,
      autoComplete: 'off',
      spellCheck: false,
      onFocus: () => setOpen(true),
      onClick: () => setOpen(true),
      onKeyDown,
    },
    /** Spread on each option (the item at `index` of `results`). */
    optionProps: (item: T, index: number) => ({
      id: optionId(idOf(item)),
      role: 'option',
      'aria-selected': index === activeIndex,
      // Keep focus in the input: the click still lands on the option.
      onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onMouseEnter: () => setActiveId(idOf(item)),
      onClick: () => pick(item),
    }),
  };
}

/** The active option is outlined, not just tinted (WCAG 2.4.7). */
export const ACTIVE_OPTION_CLASS = 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600';
