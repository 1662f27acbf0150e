import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_PARAM, actingProviderOf } from '../../../lib/acting-provider';
import { fullName } from '../../../lib/full-name';
import { useBusiness } from '../api/get-business';

/**
 * The owner's "Staff" select (docs/product.md §13.1) over the provider pages: the owner, or one
 * of the other staff members, whose records the page then shows and changes (`?staff=` in the
 * URL, read by lib/acting-provider.ts). Nobody else sees it, and a `?staff=` that is not one of
 * the owner's staff is dropped, so a staff member only ever sees their own.
 */
export function StaffSwitcher() {
  const business = useBusiness();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const acting = actingProviderOf(params);
  const raw = params.get(STAFF_PARAM);
  const data = business.data;
  const others = data?.is_owner ? data.staff.filter((member) => !member.is_owner) : [];
  const owner = data?.staff.find((member) => member.is_owner);
  const known = acting !== null && others.some((member) => member.provider_id === acting);
  const settled = business.isSuccess || business.isError;

  useEffect(() => {
    if (raw !== null && settled && !known) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(STAFF_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  }, [raw, settled, known, setParams]);

  if (!data?.is_owner || others.length === 0) return null;

  const choose = (providerId: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (providerId) next.set(STAFF_PARAM, providerId);
      else next.delete(STAFF_PARAM);
      return next;
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl items-center gap-2 px-4 pt-4 sm:px-6">
      <label htmlFor={`${id}-staff`} className="text-sm font-medium text-slate-700">
        {BUSINESS_TEXTS.staffSwitcherLabel}
      </label>
      <select
        id={`${id}-staff`}
        value={known ? (acting ?? '') : ''}
        onChange={(event) => choose(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
      >
        <option value="">
          {BUSINESS_TEXTS.staffSelf(owner ? fullName(owner.first_name, owner.last_name) : '')}
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
