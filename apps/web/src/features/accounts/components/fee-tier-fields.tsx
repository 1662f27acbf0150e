import { useTranslation } from '../../../lib/i18n';
import { MAX_FEE_TIERS } from '@slotwise/shared/payments-schemas';
import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import {
  get,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { PolicyDraft } from './policy-form-schema';

const INPUT = 'mt-1 w-24 rounded-md border border-slate-300 px-3 py-1.5 text-sm';

function messageAt(errors: FieldErrors<PolicyDraft>, path: string): string | undefined {
  return (get(errors, path) as { message?: string } | undefined)?.message;
}

function ErrorLine({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <p id={id} role="alert" className="mt-1 text-xs text-red-700">
      {t(error)}
    </p>
  ) : null;
}

/**
 * The cancellation fee tiers (hours before the start → percent of the price kept) and the
 * no-show fee (docs/decisions/068-payments.md): rows added and removed, at most MAX_FEE_TIERS.
 */
export function FeeTierFields({
  control,
  register,
  errors,
}: {
  control: Control<PolicyDraft, unknown, BookingPolicy>;
  register: UseFormRegister<PolicyDraft>;
  errors: FieldErrors<PolicyDraft>;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'cancellationFees' });
  const listError =
    messageAt(errors, 'cancellationFees') ?? messageAt(errors, 'cancellationFees.root');
  const noShowError = messageAt(errors, 'noShowFeePercent');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('Cancellation fees')}</legend>
      <p className="text-xs text-slate-600">
        {t(
          'Kept from what the client paid when they cancel late: from how many hours before the start, what percent of the price. Fees apply to services that take a payment.',
        )}
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-700">{t('No cancellation fees.')}</p>
      ) : null}
      <ul className="space-y-2">
        {fields.map((row, index) => {
          const hoursId = `fee-${index}-hours`;
          const percentId = `fee-${index}-percent`;
          const hoursError = messageAt(errors, `cancellationFees.${index}.hoursBefore`);
          const percentError = messageAt(errors, `cancellationFees.${index}.percent`);
          return (
            <li key={row.id} className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={hoursId} className="block text-xs font-medium text-slate-800">
                  {t('Tier {{number}}: hours before', { number: index + 1 })}
                </label>
                <input
                  id={hoursId}
                  inputMode="numeric"
                  {...register(`cancellationFees.${index}.hoursBefore`)}
                  aria-invalid={hoursError ? true : undefined}
                  aria-describedby={hoursError ? `${hoursId}-error` : undefined}
                  className={INPUT}
                />
                <ErrorLine id={`${hoursId}-error`} error={hoursError} />
              </div>
              <div>
                <label htmlFor={percentId} className="block text-xs font-medium text-slate-800">
                  {t('Tier {{number}}: percent', { number: index + 1 })}
                </label>
                <input
                  id={percentId}
                  inputMode="numeric"
                  {...register(`cancellationFees.${index}.percent`)}
                  aria-invalid={percentError ? true : undefined}
                  aria-describedby={percentError ? `${percentId}-error` : undefined}
                  className={INPUT}
                />
                <ErrorLine id={`${percentId}-error`} error={percentError} />
              </div>
              <button
                type="button"
                onClick={() => remove(index)}
                className="mb-0.5 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
              >
                {t('Remove tier {{number}}', { number: index + 1 })}
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorLine id="fee-tiers-error" error={listError} />
      {fields.length < MAX_FEE_TIERS ? (
        <button
          type="button"
          onClick={() => append({ hoursBefore: '', percent: '' })}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('Add fee tier')}
        </button>
      ) : null}
      <div className="pt-2">
        <label
          htmlFor="policy-noShowFeePercent"
          className="block text-sm font-medium text-slate-800"
        >
          {t('No-show fee (percent of the price)')}
        </label>
        <input
          id="policy-noShowFeePercent"
          inputMode="numeric"
          {...register('noShowFeePercent')}
          aria-invalid={noShowError ? true : undefined}
          aria-describedby={noShowError ? 'policy-noShowFeePercent-error' : undefined}
          className={INPUT}
        />
        <ErrorLine id="policy-noShowFeePercent-error" error={noShowError} />
      </div>
    </fieldset>
  );
}
