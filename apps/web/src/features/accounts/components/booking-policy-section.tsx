import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { CardSection } from '../../../components/card-section';
import { PolicyList } from '../../../components/policy-list';
import { feeTierSentences } from '@slotwise/shared/payments-schemas';
import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { useBookingPolicy } from '../../policies/api/get-policy';
import { useSaveBookingPolicy } from '../../policies/api/save-policy';
import { useZodForm } from '../../../lib/use-zod-form';
import { FeeTierFields } from './fee-tier-fields';
import { policyFormSchema, toDraft, type PolicyDraft } from './policy-form-schema';

interface Field {
  key: Exclude<keyof PolicyDraft, 'cancellationFees' | 'noShowFeePercent'>;
  label: string;
  unit: string;
  help: string;
}

const FIELDS: Field[] = [
  {
    key: 'minNoticeMinutes',
    label: msg('Minimum notice'),
    unit: msg('hours'),
    help: msg(
      "How long before a start clients must book (2: clients can't book less than 2 hours ahead).",
    ),
  },
  {
    key: 'maxAdvanceDays',
    label: msg('Booking horizon'),
    unit: msg('days'),
    help: msg('How far ahead clients may book.'),
  },
  {
    key: 'bufferMinutes',
    label: msg('Buffer between appointments'),
    unit: msg('minutes'),
    help: msg('Time kept free before and after each appointment.'),
  },
  {
    key: 'maxPerDay',
    label: msg('Daily limit'),
    unit: msg('appointments, empty for no limit'),
    help: msg('The most appointments on one day (your own time zone).'),
  },
  {
    key: 'cancelCutoffMinutes',
    label: msg('Cancellation cut-off'),
    unit: msg('hours'),
    help: msg(
      'Clients can cancel or reschedule until this long before the start (24: a day before). You can always cancel.',
    ),
  },
];

/** Settings: the provider's booking policy, with its rules in plain language. */
export function BookingPolicySection() {
  const { t } = useTranslation();
  const policy = useBookingPolicy();
  return (
    <CardSection titleId="booking-policy-title" title={t('Booking policy')} className="mt-6">
      {policy.data ? (
        <BookingPolicyForm policy={policy.data} />
      ) : (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {policy.isError ? t('Failed to load the booking policy') : t('Loading booking policy...')}
        </p>
      )}
    </CardSection>
  );
}

function BookingPolicyForm({ policy }: { policy: BookingPolicy }) {
  const { t } = useTranslation();
  const { control, register, handleSubmit, formState } = useZodForm(
    policyFormSchema,
    toDraft(policy),
    'onSubmit',
  );
  const { errors } = formState;
  const save = useSaveBookingPolicy();
  // What clients will see, while what is typed is a valid policy.
  const preview = policyFormSchema.safeParse(useWatch({ control }));

  const onSubmit = handleSubmit((valid) => {
    save.mutate(valid, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(error.message),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 space-y-4">
      {FIELDS.map((field) => {
        const id = `policy-${field.key}`;
        const error = errors[field.key]?.message;
        return (
          <div key={field.key}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {t('{{label}} ({{unit}})', { label: t(field.label), unit: t(field.unit) })}
            </label>
            <input
              id={id}
              inputMode={field.unit === 'hours' ? 'decimal' : 'numeric'}
              {...register(field.key)}
              aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              className="mt-1 w-40 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
            />
            <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">
              {t(field.help)}
            </p>
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700">
                {t(error)}
              </p>
            ) : null}
          </div>
        );
      })}
      <FeeTierFields control={control} register={register} errors={errors} />
      {preview.success ? (
        <div aria-live="polite">
          <p className="text-sm font-medium text-slate-800">{t('What clients will see:')}</p>
          <PolicyList
            policy={preview.data}
            className="mt-1 list-disc ps-5 text-sm text-slate-700"
          />
          {/* The fee terms, as the booking page and the checkout state them. */}
          <ul aria-label={t('Fees')} className="mt-1 list-disc ps-5 text-sm text-slate-700">
            {feeTierSentences(preview.data.cancellationFees, preview.data.noShowFeePercent).map(
              (sentence) => (
                <li key={sentence}>{sentence}</li>
              ),
            )}
          </ul>
        </div>
      ) : null}
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {save.isPending ? t('Saving...') : t('Save policy')}
      </button>
    </form>
  );
}
