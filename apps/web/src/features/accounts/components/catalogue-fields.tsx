import { useTranslation } from '../../../lib/i18n';
import type { ServiceMode } from '@slotwise/shared/catalogue-schemas';
import { useId, useState } from 'react';
import { get, type UseFormReturn } from 'react-hook-form';
import { controlClass } from '../../../components/control-class';
import { Field, FieldError, TextField } from '../../../components/form-field';
import { useCategories } from '../../catalogue/api/get-categories';
import type { CatalogueFormShape, ChosenPlace } from '../catalogue-form';
import { PlaceCombobox } from './place-combobox';

const SERVICE_MODE_OPTIONS: { value: ServiceMode; label: string }[] = [
  { value: 'at_provider', label: 'Clients come to me' },
  { value: 'at_client', label: 'I go to my clients' },
  { value: 'online', label: 'Online' },
];

interface CatalogueFieldsProps {
  /** The parent form, whose values include CatalogueFormShape. */
  form: UseFormReturn<CatalogueFormShape>;
  /** The place already stored (Settings), shown in the city box. */
  initialPlace: ChosenPlace | null;
  /** Offer an empty category ("Choose a category"): when none is chosen yet. */
  allowNoCategory: boolean;
  /** The account's zone (Settings): a picked place's zone is only proposed next to it. */
  currentZone?: string;
}

function errorOf(form: UseFormReturn<CatalogueFormShape>, name: keyof CatalogueFormShape) {
  return (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

/**
 * Category (the eight), city (autocomplete), optional street address and service mode, with the
 * travel radius when the provider goes to the clients.
 */
export function CatalogueFields({
  form,
  initialPlace,
  allowNoCategory,
  currentZone,
}: CatalogueFieldsProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [place, setPlace] = useState<ChosenPlace | null>(initialPlace);
  const modeErrorId = useId();
  const { register, setValue, watch, trigger, formState } = form;
  const mode = watch('serviceMode');
  const modeError = errorOf(form, 'serviceMode');

  return (
    <>
      <Field label={t('Category')} error={errorOf(form, 'category')}>
        {(control) => (
          <select
            {...control}
            {...register('category')}
            className={controlClass(errorOf(form, 'category'))}
          >
            {allowNoCategory ? <option value="">{t('Choose a category')}</option> : null}
            {categories.data.map((category) => (
              <option key={category.slug} value={category.slug}>
                {t(category.name)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PlaceCombobox
        label={t('City')}
        hint={t('Type the first letters, then pick your city from the list.')}
        value={place}
        currentZone={currentZone}
        error={errorOf(form, 'placeId')}
        onChange={(chosen) => {
          setPlace(chosen);
          setValue('placeId', chosen?.id ?? '', {
            shouldDirty: true,
            shouldValidate: formState.isSubmitted || chosen !== null,
          });
        }}
        onBlur={() => {
          if (formState.isSubmitted) void trigger('placeId');
        }}
      />
      <TextField
        label={t('Street address (optional)')}
        type="text"
        autoComplete="street-address"
        maxLength={200}
        error={errorOf(form, 'address')}
        {...register('address')}
      />
      <fieldset aria-describedby={modeError ? modeErrorId : undefined}>
        <legend className="block text-sm font-medium text-slate-700">{t('Where you work')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {SERVICE_MODE_OPTIONS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={option.value}
                {...register('serviceMode', {
                  onChange: () => {
                    if (formState.isSubmitted) void trigger('radiusKm');
                  },
                })}
              />
              {t(option.label)}
            </label>
          ))}
        </div>
        <FieldError id={modeErrorId} error={modeError} />
      </fieldset>
      {mode === 'at_client' ? (
        <TextField
          label={t('Travel radius (km)')}
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          step={1}
          error={errorOf(form, 'radiusKm')}
          {...register('radiusKm')}
        />
      ) : null}
    </>
  );
}
