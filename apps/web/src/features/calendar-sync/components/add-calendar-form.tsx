import { useTranslation } from '../../../lib/i18n';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors, showFormFailure } from '../../../lib/form-failure';
import { serverFieldErrors } from '../../../lib/failure-message';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateCalendarConnection } from '../api/create-calendar-connection';
import { addCalendarSchema, EMPTY_CALENDAR_FORM as EMPTY } from '../add-calendar-schema';

const FIELDS = ['url', 'name', 'username', 'password'] as const;

const URL_PLACEHOLDER = 'https://';
/**
 * "Add calendar" (docs/product.md §18.1): an ICS address, or a CalDAV calendar with a user name
 * and password. The server's refusals land under their fields (an address inside a private
 * network, URL_NOT_ALLOWED, under the address).
 */
export function AddCalendarForm() {
  const { t } = useTranslation();
  const create = useCreateCalendarConnection();
  const { handleSubmit, setError, field, formState, reset, watch, register } = useZodForm(
    addCalendarSchema,
    EMPTY,
    'onSubmit',
  );
  const kind = watch('kind');
  const legendId = useId();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message);
      reset(EMPTY);
    } catch (error) {
      // A refusal of one field is told under it only; anything else above the button.
      const fields = Object.keys(serverFieldErrors(error));
      if (FIELDS.some((name) => fields.includes(name))) applyServerErrors(error, FIELDS, setError);
      else showFormFailure(error, t(CALENDAR_SYNC_TEXTS.addFailed), setError);
    }
  });

  const kindProps = register('kind');
  const urlField = field('url');
  const nameField = field('name');
  const usernameField = field('username');
  const passwordField = field('password');
  return (
    <section aria-labelledby="add-calendar-title" className="mt-5 border-t border-slate-200 pt-4">
      <h3 id="add-calendar-title" className="text-sm font-semibold text-slate-900">
        {t(CALENDAR_SYNC_TEXTS.addTitle)}
      </h3>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-2 space-y-3">
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId} className="text-sm font-medium text-slate-700">
            {t(CALENDAR_SYNC_TEXTS.kindLegend)}
          </legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="radio" value="ics" {...kindProps} />
              {t(CALENDAR_SYNC_TEXTS.kindIcs)}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="caldav" {...kindProps} />
              {t(CALENDAR_SYNC_TEXTS.kindCaldav)}
            </label>
          </div>
        </fieldset>
        <TextField
          label={t(CALENDAR_SYNC_TEXTS.urlLabel)}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={URL_PLACEHOLDER}
          maxLength={2048}
          hint={kind === 'ics' ? t(CALENDAR_SYNC_TEXTS.icsHint) : undefined}
          {...urlField}
        />
        <TextField
          label={t(CALENDAR_SYNC_TEXTS.nameLabel)}
          autoComplete="off"
          maxLength={80}
          {...nameField}
        />
        {kind === 'caldav' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t(CALENDAR_SYNC_TEXTS.usernameLabel)}
              autoComplete="username"
              {...usernameField}
            />
            <PasswordField
              label={t(CALENDAR_SYNC_TEXTS.passwordLabel)}
              autoComplete="current-password"
              revealable
              {...passwordField}
            />
          </div>
        ) : null}
        <FormError>{formState.errors.root?.server?.message}</FormError>
        <SubmitButton
          busy={formState.isSubmitting}
          busyText={t(CALENDAR_SYNC_TEXTS.adding)}
          look="inline"
        >
          {t(CALENDAR_SYNC_TEXTS.add)}
        </SubmitButton>
      </form>
    </section>
  );
}
