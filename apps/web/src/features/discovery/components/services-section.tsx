import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { durationText } from '@slotwise/shared/policies-schemas';
import { sectionClass } from './provider-section-class';

/** The provider's active services with their durations and prices, cheapest first. */
export function ServicesSection({ details }: { details: ProviderDetail }) {
  return (
    <section aria-labelledby="services-title" className={sectionClass}>
      <h2 id="services-title" className="mb-3 text-lg font-semibold text-slate-900">
        Services
      </h2>
      {details.services.length === 0 ? (
        <p className="text-sm text-slate-600">No services listed yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {details.services.map((service) => (
            <li
              key={service.id}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2"
            >
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">{service.name}</span>
                {service.description ? (
                  <span className="block text-sm break-words text-slate-600">
                    {service.description}
                  </span>
                ) : null}
                <span className="block text-xs text-slate-500">
                  {durationText(service.duration_minutes)}
                </span>
              </span>
              <span className="font-semibold text-slate-900">
                {formatPrice(service.price_cents, service.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
