import { useId } from 'react';

interface SegmentedControlProps<T extends string> {
  /** The group's name for assistive technology (visually hidden). */
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className: string;
}

/** A row of radio buttons drawn as one pill of segments (the chosen one filled). */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
              value === option.value
                ? 'bg-indigo-600 text-white'
                : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
