import { useTranslation } from '../../../lib/i18n';
import type { PublicService } from '@slotwise/shared/discovery-schemas';
import { formatMoney } from '../../../lib/date-time-format';
import { MESSAGES } from '@slotwise/shared/texts';
import { MAX_WAITLIST_WINDOWS } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { get, useFieldArray, type FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { Field, FormError, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useJoinWaitlist } from '../api/join-waitlist';
import { EMPTY_WINDOW, joinWaitlistFormSchema, type JoinDraft } from '../join-form';

const FORM_ID = 'join-waitlist-form';

/** Every field a server's 400 may name (`windows.0.date`, …). */
function serverFields(count: number): FieldPath<JoinDraft>[] {
  const fields: FieldPath<JoinDraft>[] = ['serviceId', 'windows'];
  for (let index = 0; index < count; index += 1) {
    fields.push(`windows.${index}.date`, `windows.${index}.from`, `windows.${index}.to`);
  }
  return fields;
}

/**
 * 'Join the waitlist' (docs/product.md §17): up to MAX_WAITLIST_WINDOWS days, each optionally
 * narrowed to hours on the provider's wall clock, and optionally one service. Checked with the
 * shared joinWaitlistSchema before it is sent; the server's refusals show in the form.
 */
export function JoinWaitlistDialog({
  providerId,
  providerName,
  services,
  firstDate,
  onClose,
}: {
  providerId: string;
  providerName: string;
  services: readonly PublicService[];
  /** The first window's date to start from (the provider's today). */
  firstDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const join = useJoinWaitlist();
  const { control, handleSubmit, setError, formState, field, register } = useZodForm(
    joinWaitlistFormSchema,
    { providerId, serviceId: '', windows: [{ ...EMPTY_WINDOW, date: firstDate }] },
    'onSubmit',
  );
  const { fields, append, remove } = useFieldArray({ control, name: 'windows' });
  const listError =
    (get(formState.errors, 'windows') as { message?: string } | undefined)?.message ??
    (get(formState.errors, 'windows.root') as { message?: string } | undefined)?.message;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await join.mutateAsync(body);
      toast.success(answer.message);
      onClose();
    } catch (error) {
      showFormFailure(error, t(WAITLIST_TEXTS.joinFailed), setError, serverFields(fields.length));
    }
  });

  const providerIdProps = register('providerId');
  const serviceIdProps = register('serviceId');
  return (
    <Modal
      open
      onClose={onClose}
      title={t(WAITLIST_TEXTS.join)}
      description={`${providerName}. ${t(WAITLIST_TEXTS.joinIntro)}`}
      size="lg"
      footer={
        <>
          <PlainButton onClick={onClose}>Cancel</PlainButton>
          <SubmitButton
            form={FORM_ID}
            look="inline"
            busy={join.isPending}
            busyText={t(WAITLIST_TEXTS.joining)}
          >
            {t(WAITLIST_TEXTS.join)}
          </SubmitButton>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <input type="hidden" {...providerIdProps} />
        {services.length > 0 ? (
          <Field label={t(WAITLIST_TEXTS.service)} error={field('serviceId').error}>
            {(attrs) => (
              <select
                {...attrs}
                {...serviceIdProps}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
              >
                <option value="">{t(WAITLIST_TEXTS.anyService)}</option>
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {`${service.name} · ${formatMoney(service.price_cents, service.currency)}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">
            {t(WAITLIST_TEXTS.windowsLegend)}
          </legend>
          <p className="text-xs text-slate-600">{t(MESSAGES.providerLocalTimeNote)}</p>
          <ul className="space-y-3">
            {fields.map((row, index) => (
              <li key={row.id}>
                <fieldset className="rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-700">
                    {t('Day {{number}}', { number: index + 1 })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-3">
                    <TextField
                      label={t(WAITLIST_TEXTS.windowDate)}
                      type="date"
                      {...field(`windows.${index}.date`)}
                    />
                    <TextField
                      label={t(WAITLIST_TEXTS.windowFrom)}
                      type="time"
                      {...field(`windows.${index}.from`)}
                    />
                    <TextField
                      label={t(WAITLIST_TEXTS.windowTo)}
                      type="time"
                      {...field(`windows.${index}.to`)}
                    />
                  </div>
                  {fields.length > 1 ? (
                    <button
                      type="button"
                      onClick={() => remove(index)}
                      className="mt-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
                    >
                      {t('Remove day {{number}}', { number: index + 1 })}
                    </button>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ul>
          {listError ? (
            <p role="alert" className="text-sm text-red-700">
              {listError}
            </p>
          ) : null}
          {fields.length < MAX_WAITLIST_WINDOWS ? (
            <button
              type="button"
              onClick={() => append({ ...EMPTY_WINDOW })}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t(WAITLIST_TEXTS.addWindow)}
            </button>
          ) : null}
        </fieldset>
        <FormError>{formState.errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}
