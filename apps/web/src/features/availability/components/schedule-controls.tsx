import { useId, useState } from 'react';
import type { TimeslotsView } from '../use-timeslots-view';
import { TimeOffDialog } from './time-off-dialog';
import { WeeklyHoursDialog } from './weekly-hours-dialog';

const VIEWS: { value: TimeslotsView; label: string }[] = [
  { value: 'week', label: 'Week calendar' },
  { value: 'list', label: 'List' },
];

export function ViewSwitch({
  view,
  onChange,
}: {
  view: TimeslotsView;
  onChange: (view: TimeslotsView) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mt-4">
      <legend className="sr-only">View</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {VIEWS.map((option) => (
          <label
            key={option.value}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
              view === option.value
                ? 'bg-indigo-600 text-white'
                : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={view === option.value}
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

const secondary =
  'rounded-md border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50';

/** "Weekly hours" and "Time off": each opens its dialog (and only then loads its data). */
export function ScheduleButtons() {
  const [open, setOpen] = useState<'weekly' | 'time-off' | null>(null);
  return (
    <>
      <button type="button" className={secondary} onClick={() => setOpen('weekly')}>
        Weekly hours
      </button>
      <button type="button" className={secondary} onClick={() => setOpen('time-off')}>
        Time off
      </button>
      {open === 'weekly' ? <WeeklyHoursDialog onClose={() => setOpen(null)} /> : null}
      {open === 'time-off' ? <TimeOffDialog onClose={() => setOpen(null)} /> : null}
    </>
  );
}
