import { useTranslation } from '../../../lib/i18n';
import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { useId } from 'react';
import { fullName } from '../../../lib/full-name';
import type { StaffChoice } from '../use-staff-choice';

/**
 * The owner's "Staff" select over the provider pages (docs/product.md §13.1): the owner, or one
 * of the other staff members, whose records the page then shows and changes. Nobody else sees
 * it.
 */
export function StaffSwitcher({ choice }: { choice: StaffChoice }) {
  const { t } = useTranslation();
  const id = useId();
  if (!choice.shown) return null;
  const { owner, others, acting, choose } = choice;
  return (
    <div className="mx-auto flex w-full max-w-5xl items-center gap-2 px-4 pt-4 sm:px-6">
      <label htmlFor={`${id}-staff`} className="text-sm font-medium text-slate-700">
        {t(BUSINESS_TEXTS.staffSwitcherLabel)}
      </label>
      <select
        id={`${id}-staff`}
        value={acting ?? ''}
        onChange={(event) => choose(event.target.value || null)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
      >
        <option value="">
          {BUSINESS_TEXTS.staffSelf(owner ? fullName(owner.first_name, owner.last_name) : '', t)}
        </option>
        {others.map((member) => (
          <option key={member.provider_id} value={member.provider_id}>
            {fullName(member.first_name, member.last_name)}
          </option>
        ))}
      </select>
    </div>
  );
}
