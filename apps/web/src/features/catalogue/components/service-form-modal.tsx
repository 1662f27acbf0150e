import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { BUSINESS_TEXTS, type BusinessResource } from '@slotwise/shared/business-schemas';
import {
  CATALOGUE_MESSAGES,
  CURRENCIES,
  durationMinutesField,
  priceCentsField,
  serviceDescriptionField,
  serviceNameField,
  type Service,
} from '@slotwise/shared/catalogue-schemas';
import {
  depositCentsField,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  paymentModeField,
} from '@slotwise/shared/payments-schemas';
import { PAYMENT_MODE_LABELS } from '@slotwise/shared/payments-texts';
import { z } from '@slotwise/shared/zod';
import { useId } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { controlClass } from '../../../components/control-class';
import { Field, FormError, TextAreaField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { useBusiness } from '../../business/api/get-business';
import { parsePriceText, priceText } from '../service-price';
import { useZodForm } from '../../../lib/use-zod-form';

/** The price is typed in the currency's units ('35.50'); this explains a malformed one. */
export const PRICE_FORMAT_MESSAGE = 'Enter a price such as 35 or 35.50';
/** The same text, marked as a message key (the form field translates it). */
const PRICE_FORMAT = msg('Enter a price such as 35 or 35.50');

/**
 * The deposit in cents for a deposit service (1 up to the price), null for the other modes;
 * undefined after an issue was added. A service that takes money needs a price.
 */
function depositOf(
  values: { payment_mode: string; deposit: string; currency: string },
  priceCents: number | null,
  ctx: z.RefinementCtx,
): number | null | undefined {
  if (values.payment_mode !== 'none' && priceCents === 0) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: PAYMENT_MESSAGES.depositNeedsPrice });
    return undefined;
  }
  if (values.payment_mode !== 'deposit') return null;
  const deposit = parsePriceText(values.deposit, values.currency);
  if (deposit === null) {
    ctx.addIssue({ code: 'custom', path: ['deposit'], message: PRICE_FORMAT });
    return undefined;
  }
  if (!depositCentsField.safeParse(deposit).success || (priceCents ?? 0) < deposit) {
    ctx.addIssue({ code: 'custom', path: ['deposit'], message: PAYMENT_MESSAGES.depositInvalid });
    return undefined;
  }
  return deposit;
}

const serviceFormSchema = z
  .object({
    name: serviceNameField,
    duration: z.string().trim(),
    price: z.string().trim(),
    currency: z.enum(CURRENCIES, { error: CATALOGUE_MESSAGES.currencyUnknown }),
    description: serviceDescriptionField,
    /** '' for none (sent only when the business has resources to choose from). */
    resource_id: z.string().optional(),
    /** What booking takes (docs/product.md §16); the deposit is typed like the price. */
    payment_mode: paymentModeField,
    deposit: z.string().trim(),
  })
  .transform((values, ctx) => {
    const duration = durationMinutesField.safeParse(
      values.duration === '' ? Number.NaN : Number(values.duration),
    );
    if (!duration.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration'],
        message: CATALOGUE_MESSAGES.durationInvalid,
      });
    }
    const cents = parsePriceText(values.price, values.currency);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_FORMAT });
    } else if (!priceCentsField.safeParse(cents).success) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: CATALOGUE_MESSAGES.priceInvalid });
    }
    const deposit = depositOf(values, cents, ctx);
    if (!duration.success || cents === null || deposit === undefined) return z.NEVER;
    return {
      name: values.name,
      duration_minutes: duration.data,
      price_cents: cents,
      currency: values.currency,
      description: values.description,
      resource_id: values.resource_id || null,
      payment_mode: values.payment_mode,
      deposit_cents: deposit,
    };
  });
type ServiceFormValues = z.input<typeof serviceFormSchema>;

/** Server field names → the form's. */
const SERVER_FIELDS = {
  name: 'name',
  duration_minutes: 'duration',
  price_cents: 'price',
  currency: 'currency',
  description: 'description',
  resource_id: 'resource_id',
  payment_mode: 'payment_mode',
  deposit_cents: 'deposit',
} as const;

interface ServiceFormModalProps {
  /** The service to edit; none to add one. */
  service?: Service;
  /** The currency a new service starts with (the provider's others use it). */
  defaultCurrency: string;
  onClose: () => void;
}

/** Add or edit a service: name, duration in minutes, price in its currency, description. */
export function ServiceFormModal({ service, defaultCurrency, onClose }: ServiceFormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateService();
  const update = useUpdateService();
  const currency = service?.currency ?? defaultCurrency;
  // docs/product.md §13.3: a service may need one of the business's rooms or machines.
  const business = useBusiness();
  const resources = business.data?.resources ?? [];
  const form = useZodForm(serviceFormSchema, {
    name: service?.name ?? '',
    duration: service ? String(service.duration_minutes) : '30',
    price: service ? priceText(service.price_cents, service.currency) : '',
    currency: (CURRENCIES as readonly string[]).includes(currency)
      ? (currency as ServiceFormValues['currency'])
      : 'USD',
    description: service?.description ?? '',
    resource_id: service?.resource_id ?? '',
    payment_mode: service?.payment_mode ?? 'none',
    deposit:
      service?.deposit_cents != null ? priceText(service.deposit_cents, service.currency) : '',
  });
  const { register, handleSubmit, setError, field } = form;
  const paymentMode = useWatch({ control: form.control, name: 'payment_mode' });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || create.isPending || update.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = handleSubmit(async ({ resource_id, ...fields }) => {
    // The resource only when there was one to choose (docs/product.md §13.3).
    const values = resources.length > 0 ? { ...fields, resource_id } : fields;
    try {
      const { message } = service
        ? await update.mutateAsync({ id: service.id, body: values })
        : await create.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      showFormFailure(error, t('Failed to save the service'), setError, SERVER_FIELDS);
    }
  });

  const title = service ? t('Edit service') : t('Add service');
  // Each input's registration, named once (outside the JSX that shows texts).
  const fields = {
    name: field('name'),
    duration: field('duration'),
    price: field('price'),
    deposit: field('deposit'),
    description: field('description'),
    resource_id: field('resource_id'),
  };
  const registered = {
    currency: register('currency'),
    payment_mode: register('payment_mode'),
  };
  return (
    <Modal
      open
      onClose={close}
      title={title}
      closeOnBackdrop={!busy}
      footer={
        <>
          <PlainButton look="cancel" onClick={close} disabled={busy}>
            {t('Cancel')}
          </PlainButton>
          <SubmitButton
            form={formId}
            busy={busy}
            busyText={t('Saving...')}
            look="inline"
            announceBusy
          >
            {service ? t('Save service') : t('Add service')}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label={t('Service name')} type="text" maxLength={80} {...fields.name} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('Duration (minutes)')}
            type="number"
            inputMode="numeric"
            min={15}
            max={480}
            step={5}
            {...fields.duration}
          />
          <TextField label={t('Price')} type="text" inputMode="decimal" {...fields.price} />
          <Field label={t('Currency')} error={errors.currency?.message}>
            {(control) => (
              <select
                {...control}
                {...registered.currency}
                className={controlClass(errors.currency?.message)}
              >
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('Payment')}
            hint={t('What clients pay when they book')}
            error={errors.payment_mode?.message}
          >
            {(control) => (
              <select
                {...control}
                {...registered.payment_mode}
                className={controlClass(errors.payment_mode?.message)}
              >
                {PAYMENT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(PAYMENT_MODE_LABELS[mode])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {paymentMode === 'deposit' ? (
            <TextField
              label={t('Deposit amount')}
              type="text"
              inputMode="decimal"
              {...fields.deposit}
            />
          ) : null}
        </div>
        <TextAreaField label={t('Description (optional)')} rows={3} {...fields.description} />
        {resources.length > 0 ? (
          <ResourceSelect resources={resources} {...fields.resource_id} />
        ) : null}
        <FormError>{errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}

/** "Needs": none, or one of the business's resources. */
function ResourceSelect({
  resources,
  error,
  ...registered
}: {
  resources: BusinessResource[];
  error?: string;
} & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <Field label={t(BUSINESS_TEXTS.needsLabel)} error={error}>
      {(control) => (
        <select {...control} {...registered} className={controlClass(error)}>
          <option value="">{t(BUSINESS_TEXTS.needsNothing)}</option>
          {resources.map((resource) => (
            <option key={resource.id} value={resource.id}>
              {resource.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
