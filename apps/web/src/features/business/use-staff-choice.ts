import type { StaffMember } from '@slotwise/shared/business-schemas';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_PARAM, actingProviderOf } from '../../lib/acting-provider';
import { useBusiness } from './api/get-business';

export interface StaffChoice {
  /** The switcher is shown: the provider owns a business with other staff. */
  shown: boolean;
  owner: StaffMember | null;
  /** The staff members the owner may switch to. */
  others: StaffMember[];
  /** The chosen staff member (a known one), or null for the owner's own records. */
  acting: string | null;
  /**
   * The page may load: no `?staff=`, or one of the owner's staff. Anything else waits until the
   * business is known, and is then dropped from the URL, so nobody's page asks for another
   * provider's records.
   */
  ready: boolean;
  choose: (providerId: string | null) => void;
}

/**
 * The owner's choice of whose records the provider pages show (docs/product.md §13.1), kept in
 * the URL as `?staff=<providerId>` (lib/acting-provider.ts reads it for the API calls).
 */
export function useStaffChoice(): StaffChoice {
  const business = useBusiness();
  const [params, setParams] = useSearchParams();
  const raw = params.get(STAFF_PARAM);
  const asked = actingProviderOf(params);
  const data = business.data;
  const others = data?.is_owner ? data.staff.filter((member) => !member.is_owner) : [];
  const known = asked !== null && others.some((member) => member.provider_id === asked);
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

  const choose = (providerId: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (providerId) next.set(STAFF_PARAM, providerId);
      else next.delete(STAFF_PARAM);
      return next;
    });
  };

  return {
    shown: Boolean(data?.is_owner) && others.length > 0,
    owner: data?.staff.find((member) => member.is_owner) ?? null,
    others,
    acting: known ? asked : null,
    ready: raw === null || known,
    choose,
  };
}
