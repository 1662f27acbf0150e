import { useTranslation } from '../../../lib/i18n';
import type { PublicService } from '@slotwise/shared/discovery-schemas';
import { formatMoney } from '../../../lib/date-time-format';
import { durationText } from './booking-texts';

interface ServicePickerProps {
  services: readonly PublicService[];
  /** null: any service (every time is listed). */
  serviceId: string | null;
  onChange: (serviceId: string | null) => void;
}

const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600';

/**
 * Step one (docs/product.md §14.1): the provider's services with duration and price, as radio
 * buttons; the times below list the chosen service's slots and the slots that name no service.
 */
export function ServicePicker({ services, serviceId, onChange }: ServicePickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{t('Service')}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        <li>
          <label className={`${optionClass} border-slate-200`}>
            <input
              type="radio"
              name="service"
              checked={serviceId === null}
              onChange={() => onChange(null)}
              className="size-4 accent-indigo-600"
            />
            <span className="font-medium text-slate-900">{t('Any service')}</span>
          </label>
        </li>
        {services.map((service) => (
          <li key={service.id}>
            <label className={`${optionClass} border-slate-200`}>
              <input
                type="radio"
                name="service"
                checked={serviceId === service.id}
                onChange={() => onChange(service.id)}
                className="size-4 shrink-0 accent-indigo-600"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-slate-900">{service.name}</span>{' '}
                <span className="block text-xs text-slate-600">
                  {durationText(service.duration_minutes)}
                </span>
              </span>{' '}
              <span className="font-semibold text-slate-900">
                {formatMoney(service.price_cents, service.currency)}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
