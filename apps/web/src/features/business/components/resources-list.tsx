import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_MESSAGES,
  BUSINESS_TEXTS,
  RESOURCE_NAME_MAX,
  createResourceBodySchema,
  type BusinessResource,
} from '@slotwise/shared/business-schemas';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage } from '../../../lib/failure-message';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateResource } from '../api/create-resource';
import { useDeleteResource } from '../api/delete-resource';

/** The owner's rooms, chairs and machines (docs/product.md §13.3): list, add, remove. */
export function ResourcesList({ resources }: { resources: BusinessResource[] }) {
  const { t } = useTranslation();
  const create = useCreateResource();
  const remove = useDeleteResource();
  const form = useZodForm(createResourceBodySchema, { name: '' }, 'onSubmit');
  const { handleSubmit, setError, field, formState, reset } = form;
  const removingId = remove.isPending ? remove.variables : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message);
      reset({ name: '' });
    } catch (error) {
      showFormFailure(error, t(BUSINESS_MESSAGES.resourceNameRequired), setError, ['name']);
    }
  });

  const onRemove = async (resource: BusinessResource) => {
    try {
      const { message } = await remove.mutateAsync(resource.id);
      toast.success(message);
    } catch (error) {
      toast.error(failureMessage(error, t(BUSINESS_MESSAGES.resourceNotFound)));
    }
  };

  const nameField = field('name');
  return (
    <section aria-labelledby="business-resources-title">
      <h3 id="business-resources-title" className="text-sm font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.resourcesTitle)}
      </h3>
      {resources.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t(BUSINESS_TEXTS.noResources)}</p>
      ) : (
        <ul aria-label={t(BUSINESS_TEXTS.resourcesListLabel)} className="mt-2 space-y-2">
          {resources.map((resource) => (
            <li
              key={resource.id}
              aria-label={resource.name}
              className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2"
            >
              <span className="text-sm break-words text-slate-900">{resource.name}</span>
              <button
                type="button"
                onClick={() => void onRemove(resource)}
                disabled={removingId !== null}
                aria-label={`${t(BUSINESS_TEXTS.removeResource)} ${resource.name}`}
                className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
              >
                {removingId === resource.id
                  ? t(BUSINESS_TEXTS.removing)
                  : t(BUSINESS_TEXTS.removeResource)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          label={t(BUSINESS_TEXTS.resourceNameLabel)}
          type="text"
          maxLength={RESOURCE_NAME_MAX}
          className="flex-1"
          {...nameField}
        />
        <div className="sm:pt-6">
          <SubmitButton
            busy={formState.isSubmitting}
            busyText={t(BUSINESS_TEXTS.addingResource)}
            look="inline"
          >
            {t(BUSINESS_TEXTS.addResource)}
          </SubmitButton>
        </div>
      </form>
      <FormError>{formState.errors.root?.server?.message}</FormError>
    </section>
  );
}
