import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { useState } from 'react';
import type { TimeslotsView } from '../use-timeslots-view';
import { TimeOffDialog } from './time-off-dialog';
import { WeeklyHoursDialog } from './weekly-hours-dialog';
import { SegmentedControl } from '../../../components/segmented-control';

const VIEWS: { value: TimeslotsView; label: string }[] = [
  { value: 'week', label: msg('Week calendar') },
  { value: 'list', label: msg('List') },
];

export function ViewSwitch({
  view,
  onChange,
}: {
  view: TimeslotsView;
  onChange: (view: TimeslotsView) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      legend={t('View')}
      options={VIEWS.map((option) => ({ ...option, label: t(option.label) }))}
      value={view}
      onChange={onChange}
      className="mt-4"
    />
  );
}

const secondary =
  'rounded-md border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50';

/** "Weekly hours" and "Time off": each opens its dialog (and only then loads its data). */
export function ScheduleButtons() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'weekly' | 'time-off' | null>(null);
  return (
    <>
      <button type="button" className={secondary} onClick={() => setOpen('weekly')}>
        {t('Weekly hours')}
      </button>
      <button type="button" className={secondary} onClick={() => setOpen('time-off')}>
        {t('Time off')}
      </button>
      {open === 'weekly' ? <WeeklyHoursDialog onClose={() => setOpen(null)} /> : null}
      {open === 'time-off' ? <TimeOffDialog onClose={() => setOpen(null)} /> : null}
    </>
  );
}
