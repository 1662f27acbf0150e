import { useTranslation } from '../../../lib/i18n';
import type { Profile } from '@slotwise/shared/accounts-types';
import {
  phoneCodeSchema,
  phoneNumberSchema,
  type PhoneInfo,
} from '@slotwise/shared/phones-schemas';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError, TextField } from '../../../components/form-field';
import { LoadFailed } from '../../../components/load-failed';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage } from '../../../lib/failure-message';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useConfirmPhone } from '../api/confirm-phone';
import { useProfile } from '../api/get-profile';
import { useRemovePhone } from '../api/remove-phone';
import { useUpdatePhone } from '../api/update-phone';

/** GET /profile carries `phone` (docs/product.md §20.3). */
function phoneOf(profile: Profile): PhoneInfo | null {
  return (profile as Profile & { phone?: PhoneInfo | null }).phone ?? null;
}

const SECONDARY =
  'rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/**
 * The phone number (docs/product.md §20.3): enter it ('Send code' texts a 6-digit code), confirm
 * it with the code, send a new one, remove it. Both fields are checked with the shared schemas
 * first, the server's field errors land under them.
 */
export function PhoneNumberSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const profile = useProfile();
  const [removing, setRemoving] = useState(false);
  const phone = profile.data ? phoneOf(profile.data) : null;

  return (
    <CardSection
      titleId={headingId}
      title={t(PHONE_UI_TEXTS.phoneTitle)}
      description={t(PHONE_UI_TEXTS.phoneDescription)}
    >
      {profile.data ? (
        <div className="mt-4 space-y-4">
          {phone ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm font-medium text-slate-900">{phone.number}</p>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  phone.confirmed ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-800'
                }`}
              >
                {t(phone.confirmed ? PHONE_UI_TEXTS.confirmed : PHONE_UI_TEXTS.notConfirmed)}
              </span>
              <button type="button" className={SECONDARY} onClick={() => setRemoving(true)}>
                {t(PHONE_UI_TEXTS.removePhone)}
              </button>
            </div>
          ) : null}
          {phone === null ? <NumberForm /> : null}
          {phone && !phone.confirmed ? <CodeForm number={phone.number} /> : null}
        </div>
      ) : profile.isError ? (
        <div className="mt-4">
          <LoadFailed onRetry={() => void profile.refetch()}>
            {t(PHONE_UI_TEXTS.phoneLoadFailed)}
          </LoadFailed>
        </div>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('Loading...')}
        </p>
      )}
      {removing ? <RemovePhoneDialog onClose={() => setRemoving(false)} /> : null}
    </CardSection>
  );
}

function NumberForm() {
  const { t } = useTranslation();
  const update = useUpdatePhone();
  const form = useZodForm(phoneNumberSchema, { phone: '' }, 'onSubmit');
  const { handleSubmit, field, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      toast.success(answer.message, { toastId: answer.message });
    } catch (error) {
      showFormFailure(error, PHONE_UI_TEXTS.phoneFailed, setError, ['phone']);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-sm space-y-3">
      <TextField
        label={t(PHONE_UI_TEXTS.phoneLabel)}
        hint={t(PHONE_UI_TEXTS.phoneHint)}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('phone')}
      />
      {formState.errors.phone ? null : (
        <FormError>{formState.errors.root?.server?.message}</FormError>
      )}
      <SubmitButton busy={update.isPending} busyText={t(PHONE_UI_TEXTS.sendingCode)} look="inline">
        {t(PHONE_UI_TEXTS.sendCode)}
      </SubmitButton>
    </form>
  );
}

function CodeForm({ number }: { number: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPhone();
  const resend = useUpdatePhone();
  const form = useZodForm(phoneCodeSchema, { code: '' }, 'onSubmit');
  const { handleSubmit, field, setError, formState, reset } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await confirm.mutateAsync(values);
      toast.success(answer.message, { toastId: answer.message });
    } catch (error) {
      showFormFailure(error, PHONE_UI_TEXTS.phoneFailed, setError, ['code']);
    }
  });

  const sendAgain = async () => {
    try {
      const answer = await resend.mutateAsync({ phone: number });
      reset({ code: '' });
      toast.success(answer.message, { toastId: answer.message });
    } catch (error) {
      toast.error(failureMessage(error, PHONE_UI_TEXTS.phoneFailed), { toastId: 'phone-failed' });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-sm space-y-3">
      <TextField
        label={t(PHONE_UI_TEXTS.codeLabel)}
        hint={t(PHONE_UI_TEXTS.codeHintTo, { number })}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        {...field('code')}
      />
      {formState.errors.code ? null : (
        <FormError>{formState.errors.root?.server?.message}</FormError>
      )}
      <div className="flex flex-wrap gap-3">
        <SubmitButton
          busy={confirm.isPending}
          busyText={t(PHONE_UI_TEXTS.confirming)}
          look="inline"
        >
          {t(PHONE_UI_TEXTS.confirm)}
        </SubmitButton>
        <button
          type="button"
          className={SECONDARY}
          disabled={resend.isPending}
          onClick={() => void sendAgain()}
        >
          {t(PHONE_UI_TEXTS.sendNewCode)}
        </button>
      </div>
    </form>
  );
}

function RemovePhoneDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePhone();
  const [failure, setFailure] = useState<string | null>(null);

  const onConfirm = async () => {
    setFailure(null);
    try {
      const answer = await remove.mutateAsync();
      toast.success(answer.message, { toastId: answer.message });
      onClose();
    } catch (error) {
      setFailure(failureMessage(error, PHONE_UI_TEXTS.phoneFailed));
    }
  };

  return (
    <ConfirmDialog
      title={t(PHONE_UI_TEXTS.removeTitle)}
      question={t(PHONE_UI_TEXTS.removeQuestion)}
      keepLabel={t(PHONE_UI_TEXTS.removeKeep)}
      confirmLabel={t(PHONE_UI_TEXTS.removePhone)}
      busyLabel="Removing..."
      busy={remove.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    >
      <FormError>{failure}</FormError>
    </ConfirmDialog>
  );
}
