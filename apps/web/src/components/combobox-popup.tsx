import type { ReactNode } from 'react';
import { ACTIVE_OPTION_CLASS, type useCombobox } from '../lib/use-combobox';

interface ComboboxPopupProps<T> {
  combobox: Pick<ReturnType<typeof useCombobox<T>>, 'listboxId' | 'expanded' | 'optionProps'>;
  /** The listbox's accessible name. */
  label: string;
  results: readonly T[];
  idOf: (item: T) => string;
  /** Whether the popup shows at all (the list, or the note). */
  shown: boolean;
  /** A line shown instead of the list ('Searching…', 'No … found'); hidden from AT (the live region says it). */
  note: string | null;
  className: string;
  listClassName: string;
  /** The option's classes; the active one also gets the outline. */
  optionClassName: string;
  renderOption: (item: T) => ReactNode;
}

/** The dropdown of a `useCombobox` input: the listbox of options and a status note. */
export function ComboboxPopup<T>({
  combobox,
  label,
  results,
  idOf,
  shown,
  note,
  className,
  listClassName,
  optionClassName,
  renderOption,
}: ComboboxPopupProps<T>) {
  const { listboxId, expanded, optionProps } = combobox;
  return (
    <div hidden={!shown} className={className}>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className={listClassName}
      >
        {expanded
          ? results.map((item, index) => {
              const props = optionProps(item, index);
              return (
                <li
                  key={idOf(item)}
                  {...props}
                  className={`${optionClassName} ${props['aria-selected'] ? ACTIVE_OPTION_CLASS : ''}`}
                >
                  {renderOption(item)}
                </li>
              );
            })
          : null}
      </ul>
      {note ? (
        <p aria-hidden="true" className="px-3 py-2 text-sm text-slate-600">
          {note}
        </p>
      ) : null}
    </div>
  );
}
