import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { Translate } from '@slotwise/shared/english-text';
import {
  DEFAULT_HORIZON_WEEKS,
  WEEKDAY_NAMES,
  weeklyHoursBodySchema,
  type GenerationReport,
  type WeeklyHoursBody,
  type WeeklyHoursResponse,
} from '@slotwise/shared/availability-schemas';
import { hhmm, normalizeTime } from '@slotwise/shared/dates';
import { z } from '@slotwise/shared/zod';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormError, TextField } from '../../../components/form-field';
import { ListState } from '../../../components/list-state';
import { Modal } from '../../../components/modal';
import { PendingSubmit, PlainButton } from '../../../components/plain-button';
import { failureMessage } from '../../../lib/failure-message';
import { useWeeklyHours } from '../api/get-weekly-hours';
import { useSaveWeeklyHours } from '../api/save-weekly-hours';
import { useZodForm } from '../../../lib/use-zod-form';
import { sendWithToasts } from '../send-with-toasts';

/** The five inputs of a range, in column order; each label follows the range's hidden prefix. */
const RANGE_COLUMNS = [
  { name: 'start', label: msg('Start'), type: 'time', min: undefined },
  { name: 'end', label: msg('End'), type: 'time', min: undefined },
  { name: 'slotMinutes', label: msg('Slot (min)'), type: 'number', min: 15 },
  { name: 'breakMinutes', label: msg('Break (min)'), type: 'number', min: 0 },
  // Seats of each slot made (docs/decisions/067-seats-and-series.md): more than 1 makes classes.
  { name: 'capacity', label: msg('Seats'), type: 'number', min: 1 },
] as const;

/**
 * The form as typed (numbers as text) into the shared schema; a rule's issue lands on its
 * range's input (`rules.<index>.<field>`), the horizon's on the horizon.
 */
const weeklyHoursFormSchema = z
  .object({
    rules: z.array(
      z.object({
        weekday: z.number(),
        start: z.string(),
        end: z.string(),
        slotMinutes: z.string(),
        breakMinutes: z.string(),
        capacity: z.string(),
        serviceId: z.string().nullable(),
      }),
    ),
    horizonWeeks: z.string(),
  })
  .transform(({ rules, horizonWeeks }): WeeklyHoursBody => ({
    rules: rules.map((range) => ({
      weekday: range.weekday,
      start: range.start ? normalizeTime(range.start) : '',
      end: range.end ? normalizeTime(range.end) : '',
      slotMinutes: Number(range.slotMinutes),
      breakMinutes: Number(range.breakMinutes || 0),
      capacity: range.capacity === '' ? 1 : Number(range.capacity),
      ...(range.serviceId ? { serviceId: range.serviceId } : {}),
    })),
    horizonWeeks: Number(horizonWeeks),
  }))
  .pipe(weeklyHoursBodySchema);
type WeeklyHoursDraft = z.input<typeof weeklyHoursFormSchema>;
type RangeDraft = WeeklyHoursDraft['rules'][number];

const SAVE_FAILED = msg('Failed to save weekly hours');

function draftsOf(data: WeeklyHoursResponse): RangeDraft[] {
  return data.rules.map((rule) => ({
    weekday: rule.weekday,
    start: hhmm(rule.start),
    end: hhmm(rule.end),
    slotMinutes: String(rule.slotMinutes),
    breakMinutes: String(rule.breakMinutes),
    capacity: String(rule.capacity ?? 1),
    serviceId: rule.serviceId,
  }));
}

/** "Created 40 slots, kept 0, removed 0; skipped 1 clashing, …" as the provider reads it. */
function generationSummary(report: GenerationReport, t: Translate): string {
  const skipped = [
    report.skippedClashes
      ? t('{{count}} clashing with other slots', { count: report.skippedClashes })
      : null,
    report.skippedTimeOff ? t('{{count}} in time off', { count: report.skippedTimeOff }) : null,
    report.skippedNonexistent
      ? t('{{count}} not on the clock (daylight saving)', { count: report.skippedNonexistent })
      : null,
  ].filter(Boolean);
  const values = {
    slots: t('{{count}} slots', { count: report.created }),
    kept: report.kept,
    removed: report.removed,
  };
  return skipped.length
    ? t('Created {{slots}}, kept {{kept}}, removed {{removed}}; skipped {{skipped}}.', {
        ...values,
        skipped: skipped.join(', '),
      })
    : t('Created {{slots}}, kept {{kept}}, removed {{removed}}.', values);
}

/**
 * Weekly hours (docs/decisions/040-weekly-hours-and-time-off.md): ranges per weekday with a
 * slot length and a break, and a horizon in weeks. Saving generates the slots and says what
 * was created, kept, removed and skipped.
 */
export function WeeklyHoursDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const weekly = useWeeklyHours();
  return (
    <Modal open onClose={onClose} title={t('Weekly hours')} size="lg">
      <ListState
        query={weekly}
        texts={{
          loading: t('Loading weekly hours...'),
          failed: (
            <FormError>{failureMessage(weekly.error, t('Failed to load weekly hours'))}</FormError>
          ),
        }}
        textClassName="text-sm text-slate-600"
      >
        {weekly.data ? <WeeklyHoursForm data={weekly.data} onClose={onClose} /> : null}
      </ListState>
    </Modal>
  );
}

function WeeklyHoursForm({ data, onClose }: { data: WeeklyHoursResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<GenerationReport | null>(null);
  const save = useSaveWeeklyHours();
  const { control, getValues, handleSubmit, setError, formState, field } = useZodForm(
    weeklyHoursFormSchema,
    {
      rules: draftsOf(data),
      horizonWeeks: String(data.horizonWeeks || DEFAULT_HORIZON_WEEKS),
    },
    'onSubmit',
  );
  const ranges = useFieldArray({ control, name: 'rules' });

  const add = (weekday: number) => {
    const previous = getValues('rules')
      .filter((range) => range.weekday === weekday)
      .at(-1);
    ranges.append({
      weekday,
      start: previous ? previous.end : '09:00',
      end: previous ? '' : '17:00',
      slotMinutes: previous?.slotMinutes ?? '30',
      breakMinutes: previous?.breakMinutes ?? '0',
      capacity: previous?.capacity ?? '1',
      serviceId: null,
    });
  };

  // Each try replaces the last one's report (and failure: the form's root error).
  const horizonField = field('horizonWeeks');
  const onSubmit = handleSubmit(
    (body) => {
      setReport(null);
      return sendWithToasts({
        send: () => save.mutateAsync(body),
        onSent: (saved) => setReport(saved.generation),
        setError,
        failed: SAVE_FAILED,
      });
    },
    () => setReport(null),
  );

  return (
    <form noValidate aria-label={t('Weekly hours')} onSubmit={(event) => void onSubmit(event)}>
      <p className="mb-4 text-sm text-slate-600">
        {t(
          'Slots are generated from these hours up to the horizon, in your time zone ({{zone}}). Booked slots are never touched.',
          { zone: data.timezone },
        )}
      </p>
      <div className="space-y-4">
        {WEEKDAY_NAMES.map((dayName, dayIndex) => {
          const weekday = dayIndex + 1;
          // Each range with its place in the form's list (its inputs are named by it).
          const dayRanges = ranges.fields
            .map((range, index) => ({ range, index }))
            .filter(({ range }) => range.weekday === weekday);
          return (
            <fieldset key={dayName} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{t(dayName)}</legend>
              {dayRanges.length === 0 ? (
                <p className="text-sm text-slate-500">{t('No hours')}</p>
              ) : null}
              {dayRanges.map(({ range, index }, nth) => {
                const prefix = `${t('{{day}} range {{number}}', { day: t(dayName), number: nth + 1 })} `;
                return (
                  <div
                    key={range.id}
                    className="mb-2 grid grid-cols-2 items-start gap-2 sm:grid-cols-6"
                  >
                    {RANGE_COLUMNS.map((column) => (
                      <TextField
                        key={column.name}
                        label={
                          <>
                            <span className="sr-only">{prefix}</span>
                            {t(column.label)}
                          </>
                        }
                        type={column.type}
                        min={column.min}
                        {...field(`rules.${index}.${column.name}`)}
                      />
                    ))}
                    <button
                      type="button"
                      onClick={() => ranges.remove(index)}
                      className="mt-6 rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                    >
                      {t('Remove')}
                      <span className="sr-only"> {prefix.trim()}</span>
                    </button>
                  </div>
                );
              })}
              <button
                type="button"
                onClick={() => add(weekday)}
                className="mt-1 text-sm font-medium text-indigo-700 underline hover:text-indigo-900"
              >
                {t('Add hours on {{day}}', { day: t(dayName) })}
              </button>
            </fieldset>
          );
        })}
      </div>
      <TextField
        className="mt-4 max-w-48"
        label={t('Horizon (weeks)')}
        type="number"
        min={1}
        max={26}
        {...horizonField}
      />
      <div className="mt-4 space-y-2">
        <FormError>{formState.errors.root?.server?.message}</FormError>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {report
            ? t('Weekly hours saved. {{summary}}', { summary: generationSummary(report, t) })
            : null}
        </p>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <PlainButton onClick={onClose}>{t('Done')}</PlainButton>
        <PendingSubmit busy={save.isPending} busyText={t('Saving...')}>
          {t('Save weekly hours')}
        </PendingSubmit>
      </div>
    </form>
  );
}
