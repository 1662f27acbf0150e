import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_MESSAGES,
  BUSINESS_NAME_MAX,
  BUSINESS_TEXTS,
  createBusinessBodySchema,
} from '@slotwise/shared/business-schemas';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateBusiness } from '../api/create-business';

/** No business yet: its name, and the owner is its first staff member. */
export function CreateBusinessForm() {
  const { t } = useTranslation();
  const create = useCreateBusiness();
  const form = useZodForm(createBusinessBodySchema, { name: '' });
  const { handleSubmit, setError, field, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message);
    } catch (error) {
      showFormFailure(error, t(BUSINESS_MESSAGES.nameRequired), setError, ['name']);
    }
  });

  const nameField = field('name');
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t(BUSINESS_TEXTS.createBusiness)}
      className="mt-2 space-y-3"
    >
      <p className="text-sm text-slate-600">{t(BUSINESS_TEXTS.noBusinessYet)}</p>
      <TextField
        label={t(BUSINESS_TEXTS.businessNameLabel)}
        type="text"
        maxLength={BUSINESS_NAME_MAX}
        {...nameField}
      />
      <FormError>{formState.errors.root?.server?.message}</FormError>
      <SubmitButton
        busy={formState.isSubmitting}
        busyText={t(BUSINESS_TEXTS.creatingBusiness)}
        look="inline"
      >
        {t(BUSINESS_TEXTS.createBusiness)}
      </SubmitButton>
    </form>
  );
}
