import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';

/**
 * Slot answers carry their service's current price (docs/product.md §11): `service_id`, `price_cents` and
 * `currency`, null when the slot names no service. One query for any number of slots.
 */
export async function withServicePrices<T extends { service_id: string | null }>(
  db: DbOrTx,
  slots: T[],
): Promise<(T & { price_cents: number | null; currency: string | null })[]> {
  const ids = [...new Set(slots.map((slot) => slot.service_id).filter((id) => id !== null))];
  const prices = new Map<string, { priceCents: number; currency: string }>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: services.id, priceCents: services.priceCents, currency: services.currency })
      .from(services)
      .where(inArray(services.id, ids));
    for (const row of rows) prices.set(row.id, row);
  }
  return slots.map((slot) => {
    const price = slot.service_id ? prices.get(slot.service_id) : undefined;
    return { ...slot, price_cents: price?.priceCents ?? null, currency: price?.currency ?? null };
  });
}
