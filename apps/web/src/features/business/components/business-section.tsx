import { useTranslation } from '../../../lib/i18n';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { CardSection } from '../../../components/card-section';
import { LoadFailed } from '../../../components/load-failed';
import { useBusiness } from '../api/get-business';
import { CreateBusinessForm } from './create-business-form';
import { InviteStaffForm } from './invite-staff-form';
import { ResourcesList } from './resources-list';
import { StaffList } from './staff-list';

/**
 * Settings' Business card (docs/product.md §13): without a business, the form that creates one;
 * the owner manages its staff (invite, remove) and its rooms and equipment; a staff member sees
 * whose business they belong to and who works there.
 */
export function BusinessSection() {
  const { t } = useTranslation();
  const business = useBusiness();
  const data = business.data;

  let content;
  if (business.isPending) {
    content = (
      <p role="status" className="mt-2 text-sm text-slate-600">
        {t(BUSINESS_TEXTS.loading)}
      </p>
    );
  } else if (business.isError) {
    content = (
      <LoadFailed className="mt-3" onRetry={() => void business.refetch()}>
        {t(BUSINESS_TEXTS.loadFailed)}
      </LoadFailed>
    );
  } else if (!data) {
    content = <CreateBusinessForm />;
  } else if (data.is_owner) {
    content = (
      <div className="mt-3 space-y-6">
        <p className="text-base font-semibold break-words text-slate-900">{data.name}</p>
        <StaffList business={data} />
        <InviteStaffForm invitations={data.invitations} />
        <ResourcesList resources={data.resources} />
      </div>
    );
  } else {
    content = (
      <div className="mt-3 space-y-4">
        <p className="text-sm font-medium text-slate-900">
          {BUSINESS_TEXTS.memberOf(data.name, t)}
        </p>
        <StaffList business={data} />
      </div>
    );
  }

  return (
    <CardSection titleId="business-title" title={t(BUSINESS_TEXTS.cardTitle)} className="mt-6">
      {content}
    </CardSection>
  );
}
