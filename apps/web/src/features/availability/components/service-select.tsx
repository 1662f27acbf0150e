import { useTranslation } from '../../../lib/i18n';
import type { Service } from '@slotwise/shared/catalogue-schemas';
import { controlClass } from '../../../components/control-class';
import { Field } from '../../../components/form-field';
import { useServices } from '../../catalogue/api/get-services';
import { serviceOptionLabel } from '../slot-format';

interface ServiceSelectProps {
  value: string;
  onChange: (service: Service | null) => void;
  idPrefix: string;
}

/**
 * The provider's active services for a new slot (docs/product.md §11.1): choosing one makes the
 * slot's type its name and its default length the service's duration. Nothing is shown while
 * the provider has no active service (or the list cannot be loaded): the slot is then untyped.
 */
export function ServiceSelect({ value, onChange, idPrefix }: ServiceSelectProps) {
  const { t } = useTranslation();
  const services = useServices();
  const active = (services.data ?? []).filter((service) => service.active);
  if (active.length === 0) return null;
  return (
    <Field
      id={`${idPrefix}-service`}
      label={t('Service')}
      hint={t(
        "The slot takes the service's name, and its end time follows the service's duration.",
      )}
      className="mb-4"
    >
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) =>
            onChange(active.find((service) => service.id === event.target.value) ?? null)
          }
          className={controlClass(undefined)}
        >
          <option value="">{t('No service')}</option>
          {active.map((service) => (
            <option key={service.id} value={service.id}>
              {serviceOptionLabel(service, t)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
