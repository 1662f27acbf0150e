import type { PublicBusiness } from '@slotwise/shared/business-schemas';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { getPublicBusiness } from '../business/public-business';
import { getProviderDetail } from '../discovery/service';

/**
 * What a search engine page shows (docs/product.md §21.2): exactly what the public API gives an
 * anonymous visitor, so a page never shows more than the screen it stands for. Null: the page is
 * not public (unknown, unlisted, suspended) and is answered 404 + noindex.
 */

export type ProviderPage = { kind: 'provider'; provider: ProviderDetail };
export type BusinessPage = {
  kind: 'business';
  business: PublicBusiness;
  city: string | null;
  /** Every staff member, the suspended too (whose reinstatement changes the page). */
  staffIds: string[];
};
export type PageData = ProviderPage | BusinessPage;

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** A listed provider's public page (getProviderDetail: listed = verified, complete, not suspended). */
export async function providerPage(db: DbOrTx, id: string): Promise<ProviderPage | null> {
  const provider = await orNull(() => getProviderDetail(db, id, { signedIn: false }));
  return provider && { kind: 'provider', provider };
}

/**
 * A business's public page: only while its owner is listed (a suspended or unlisted owner's
 * services are not public, docs/product.md §19.4); its suspended staff are left out by
 * getPublicBusiness. `city` is the owner's place.
 */
export async function businessPage(db: DbOrTx, id: string): Promise<BusinessPage | null> {
  if (!isUuid(id)) return null;
  const [owner] = await queryRows<{ city: string | null; staff_ids: string[] }>(
    db,
    sql`select o.place_name as city,
        array(select s.provider_id::text from business_staff s where s.business_id = b.id) as staff_ids
      from businesses b join providers o on o.id = b.owner_provider_id
      where b.id = ${id} and o.listed`,
  );
  if (!owner) return null;
  const business = await orNull(() => getPublicBusiness(db, id));
  return (
    business && { kind: 'business', business, city: owner.city, staffIds: [...owner.staff_ids] }
  );
}

/**
 * The providers whose announcements drop a cached page: the provider, or the business's staff
 * (the owner among them; 0025 announces joining and leaving by the owner).
 */
export function pageOwners(page: PageData): string[] {
  return page.kind === 'provider' ? [page.provider.provider_id] : page.staffIds;
}
