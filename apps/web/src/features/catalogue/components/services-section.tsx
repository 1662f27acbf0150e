import { useTranslation } from '../../../lib/i18n';
import type { Service } from '@slotwise/shared/catalogue-schemas';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../../components/card-section';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineAlert } from '../../../components/inline-alert';
import { LoadFailed } from '../../../components/load-failed';
import { failureMessage } from '../../../lib/failure-message';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { useUpdateService } from '../api/update-service';
import { serviceSummary } from '../service-price';
import { servicePaymentText } from '@slotwise/shared/payments-texts';
import { ServiceFormModal } from './service-form-modal';
import { ListState } from '../../../components/list-state';
import { useBusiness } from '../../business/api/get-business';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';

const buttonClass =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The provider's services (docs/product.md §11.1) on the Settings page: list, add, edit, and
 * remove — a service no appointment ever named is deleted, one with bookings is archived (it
 * stays listed as archived and can be reactivated).
 */
export function ServicesSection() {
  const { t } = useTranslation();
  const services = useServices();
  // docs/product.md §13.3: the room or machine a service needs, by name.
  const resources = useBusiness().data?.resources ?? [];
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [removing, setRemoving] = useState<Service | null>(null);
  const list = services.data ?? [];
  const defaultCurrency = list.find((service) => service.active)?.currency ?? 'USD';

  const content = (
    <ListState
      query={services}
      items={list}
      texts={{
        loading: t('Loading services...'),
        failed: (
          <LoadFailed onRetry={() => void services.refetch()}>
            {t('Failed to load services')}
          </LoadFailed>
        ),
        empty: t('No services yet. Add what you offer, with its duration and price.'),
      }}
      textClassName="text-sm text-slate-600"
    >
      <ul aria-label={t('Your services')} className="space-y-3">
        {list.map((service) => (
          <li key={service.id}>
            <ServiceCard
              service={service}
              needs={resources.find((r) => r.id === service.resource_id)?.name ?? null}
              onEdit={() => setEditing(service)}
              onRemove={() => setRemoving(service)}
            />
          </li>
        ))}
      </ul>
    </ListState>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-8 sm:px-6">
      <CardSection
        titleId="services-title"
        title={t('Services')}
        actions={
          <button
            type="button"
            onClick={() => setEditing('new')}
            disabled={!services.isSuccess}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('Add service')}
          </button>
        }
      >
        <div className="mt-4">{content}</div>
      </CardSection>
      {editing ? (
        <ServiceFormModal
          service={editing === 'new' ? undefined : editing}
          defaultCurrency={defaultCurrency}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <RemoveServiceDialog service={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </div>
  );
}

interface ServiceCardProps {
  service: Service;
  /** The name of the resource it needs, if any. */
  needs: string | null;
  onEdit: () => void;
  onRemove: () => void;
}

function ServiceCard({ service, needs, onEdit, onRemove }: ServiceCardProps) {
  const { t } = useTranslation();
  const reactivate = useUpdateService();
  const titleId = `service-${service.id}-title`;
  const onReactivate = async () => {
    try {
      const { message } = await reactivate.mutateAsync({
        id: service.id,
        body: { active: true },
      });
      toast.success(message);
    } catch (error) {
      toast.error(failureMessage(error, t('Failed to reactivate the service')));
    }
  };
  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between ${
        service.active ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'
      }`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {service.name}
          </h3>
          {service.active ? null : (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {t('Archived')}
            </span>
          )}
        </div>
        <p className="text-sm text-slate-700">
          {[serviceSummary(service, t), servicePaymentText(service)].filter(Boolean).join(' · ')}
        </p>
        {needs ? (
          <p className="text-sm text-slate-700">
            {t(BUSINESS_TEXTS.needsLabel)}: {needs}
          </p>
        ) : null}
        {service.description ? (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">
            {service.description}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <button type="button" onClick={onEdit} aria-describedby={titleId} className={buttonClass}>
          {t('Edit')}
        </button>
        {service.active ? (
          <button
            type="button"
            onClick={onRemove}
            aria-describedby={titleId}
            className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {t('Remove')}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void onReactivate()}
            disabled={reactivate.isPending}
            aria-describedby={titleId}
            className={buttonClass}
          >
            {t('Reactivate')}
          </button>
        )}
      </div>
    </article>
  );
}

function RemoveServiceDialog({ service, onClose }: { service: Service; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteService();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    try {
      const { message, archived } = await remove.mutateAsync(service.id);
      if (archived) toast.info(message);
      else toast.success(message);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure, t('Failed to remove the service')));
    }
  };
  return (
    <ConfirmDialog
      title={t('Remove service')}
      question={t(
        'Remove this service? If it has bookings, it is archived instead: it stays on those appointments but is no longer offered.',
      )}
      keepLabel={t('Keep service')}
      confirmLabel={t('Remove')}
      busyLabel={t('Removing...')}
      busy={remove.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">{service.name}</p>
      <p className="text-sm text-slate-700">{serviceSummary(service, t)}</p>
      <InlineAlert>{error}</InlineAlert>
    </ConfirmDialog>
  );
}
