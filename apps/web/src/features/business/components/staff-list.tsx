import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_TEXTS,
  type OwnBusiness,
  type StaffMember,
} from '@slotwise/shared/business-schemas';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { fullName } from '../../../lib/full-name';
import { RemoveStaffDialog } from './remove-staff-dialog';

/** Who works in the business; the owner may remove anyone but themselves. */
export function StaffList({ business }: { business: OwnBusiness }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <section aria-labelledby="business-staff-title">
      <h3 id="business-staff-title" className="text-sm font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.staffTitle)}
      </h3>
      <ul aria-label={t(BUSINESS_TEXTS.staffListLabel)} className="mt-2 divide-y divide-slate-100">
        {business.staff.map((member) => {
          const name = fullName(member.first_name, member.last_name);
          return (
            <li
              key={member.provider_id}
              aria-label={name}
              className="flex items-center justify-between gap-3 py-2"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Avatar src={member.profile_image_url} name={name} alt="" size="md" />
                <span className="truncate text-sm font-medium text-slate-900">{name}</span>
                {member.is_owner ? (
                  <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">
                    {t(BUSINESS_TEXTS.ownerBadge)}
                  </span>
                ) : null}
              </div>
              {business.is_owner && !member.is_owner ? (
                <button
                  type="button"
                  onClick={() => setRemoving(member)}
                  aria-label={`${t(BUSINESS_TEXTS.removeStaff)} ${name}`}
                  className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  {t(BUSINESS_TEXTS.removeStaff)}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {removing ? <RemoveStaffDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}
