import type { CategorySlug, ServiceMode } from '@slotwise/shared/catalogue-schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, providers, services, timeslots } from '../db/schema';
import { findPlace } from '../modules/catalogue/gazetteer';

/**
 * The catalogue part of the demo (docs/decisions/006-catalogue.md): every demo provider gets a
 * category, a real city — a few around New York plus Philadelphia and Boston, so distance
 * matters — a service mode, 2–4 priced services, and its slots bound to the service whose name
 * they already carry; demo appointments keep the service and price of their slot.
 * Called once from `insertDemo` (seed-demo.ts), inside the seeding transaction.
 */

/** GeoNames ids of the demo cities (all in the gazetteer shipped with the product). */
const CITIES = [
  5128581, // New York City
  5110302, // Brooklyn
  5099836, // Jersey City
  5101798, // Newark
  5145215, // Yonkers
  4843564, // Stamford
  4560349, // Philadelphia
  4930956, // Boston
];

interface DemoService {
  name: string;
  minutes: number;
  /** US cents. */
  price: number;
  description: string;
}

/** Per category: its mode, and services whose first names match the demo slots' types. */
const OFFERS: Record<
  CategorySlug,
  { mode: ServiceMode; radiusKm?: number; services: DemoService[] }
> = {
  barber: {
    mode: 'at_provider',
    services: [
      { name: 'Haircut', minutes: 30, price: 3500, description: 'Wash, cut and style.' },
      { name: 'Beard trim', minutes: 30, price: 2000, description: 'Shape-up with hot towel.' },
      { name: 'Haircut & beard', minutes: 30, price: 5000, description: 'The full works.' },
      { name: 'Kids’ cut', minutes: 30, price: 2500, description: 'Under 12s.' },
    ],
  },
  driver: {
    mode: 'at_client',
    radiusKm: 40,
    services: [
      { name: 'City ride', minutes: 60, price: 4500, description: 'Up to an hour in town.' },
      { name: 'Airport transfer', minutes: 60, price: 8500, description: 'Luggage included.' },
    ],
  },
  tutor: {
    mode: 'online',
    services: [
      { name: 'Math tutoring', minutes: 60, price: 6000, description: 'Algebra to calculus.' },
      { name: 'Essay coaching', minutes: 60, price: 5500, description: 'Structure and style.' },
      { name: 'Exam prep', minutes: 60, price: 7000, description: 'SAT, ACT and finals.' },
    ],
  },
  photographer: {
    mode: 'at_client',
    radiusKm: 60,
    services: [
      { name: 'Portrait session', minutes: 60, price: 15000, description: '20 edited photos.' },
      { name: 'Headshots', minutes: 60, price: 12000, description: 'Studio-quality, on site.' },
      { name: 'Family photos', minutes: 60, price: 18000, description: 'Outdoors or at home.' },
    ],
  },
  mechanic: {
    mode: 'at_provider',
    services: [
      { name: 'Oil change', minutes: 60, price: 7500, description: 'Synthetic oil and filter.' },
      { name: 'Brake inspection', minutes: 60, price: 6000, description: 'Pads, discs, fluid.' },
      { name: 'Diagnostics', minutes: 60, price: 9500, description: 'Full OBD scan and report.' },
    ],
  },
  plumber: {
    mode: 'at_client',
    radiusKm: 25,
    services: [
      { name: 'Leak repair', minutes: 60, price: 12000, description: 'Parts extra.' },
      { name: 'Drain cleaning', minutes: 60, price: 15000, description: 'Kitchen or bathroom.' },
      { name: 'Fixture install', minutes: 60, price: 18000, description: 'Taps, sinks, toilets.' },
    ],
  },
  electrician: {
    mode: 'at_client',
    radiusKm: 30,
    services: [
      { name: 'Outlet install', minutes: 60, price: 9000, description: 'Per outlet, up to 3.' },
      { name: 'Lighting repair', minutes: 60, price: 11000, description: 'Fixtures and dimmers.' },
      { name: 'Safety check', minutes: 60, price: 13000, description: 'Whole-home inspection.' },
    ],
  },
  cleaner: {
    mode: 'at_client',
    radiusKm: 20,
    services: [
      { name: 'Standard cleaning', minutes: 60, price: 8000, description: 'Up to 2 bedrooms.' },
      { name: 'Deep cleaning', minutes: 60, price: 14000, description: 'Inside appliances too.' },
      { name: 'Move-out cleaning', minutes: 60, price: 18000, description: 'Deposit-ready.' },
    ],
  },
};

export interface MarketplaceSeedResult {
  services: number;
}

export async function seedMarketplace(tx: Tx): Promise<MarketplaceSeedResult> {
  const rows = await tx
    .select({ id: providers.id, specialty: providers.specialty })
    .from(providers)
    .orderBy(asc(providers.createdAt), asc(providers.id));
  const perCategory = new Map<string, number>();
  let serviceCount = 0;
  for (const [index, row] of rows.entries()) {
    const category = (row.specialty ?? '').toLowerCase() as CategorySlug;
    const offer = OFFERS[category];
    if (!offer) continue;
    const nth = perCategory.get(category) ?? 0;
    perCategory.set(category, nth + 1);
    const place = findPlace(CITIES[index % CITIES.length]!);
    if (!place) throw new Error('demo city missing from the gazetteer');
    await tx
      .update(providers)
      .set({
        category,
        placeId: Number(place.id),
        placeName: place.name,
        placeRegion: place.region,
        placeCountry: place.country,
        lat: place.lat,
        lng: place.lng,
        address: offer.mode === 'at_provider' ? `${100 + index * 7} Main Street` : null,
        serviceMode: offer.mode,
        radiusKm: offer.radiusKm ?? null,
      })
      .where(eq(providers.id, row.id));
    // Prices differ a little between providers of a category (so "price from" sorts them).
    const factor = [1, 0.9, 1.15][nth % 3]!;
    const inserted = await tx
      .insert(services)
      .values(
        offer.services.map((s) => ({
          providerId: row.id,
          name: s.name,
          durationMinutes: s.minutes,
          priceCents: Math.round((s.price * factor) / 100) * 100,
          currency: 'USD',
          description: s.description,
        })),
      )
      .returning({ id: services.id });
    serviceCount += inserted.length;
  }
  // Each slot is bound to its provider's service of the same name (the type it already has).
  await tx.execute(sql`
    update ${timeslots} t set service_id = s.id
    from ${services} s
    where s.provider_id = t.provider_id and s.name = t.type`);
  // Demo appointments keep the service and price of their slot, as a booking would have.
  await tx.execute(sql`
    update ${appointments} a
    set service_id = s.id, service_name = s.name, price_cents = s.price_cents,
        currency = s.currency
    from ${timeslots} t join ${services} s on s.id = t.service_id
    where a.timeslot_id = t.id`);
  return { services: serviceCount };
}
