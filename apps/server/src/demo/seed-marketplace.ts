import type { CategorySlug, ServiceMode } from '@slotwise/shared/catalogue-schemas';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, providers, services, timeslots } from '../db/schema';

/**
 * The catalogue part of the demo (docs/decisions/041-catalogue.md): every demo provider gets a
 * category, a real city — a few around New York plus Philadelphia and Boston, so distance
 * matters — a service mode, 2–4 priced services, and its slots bound to the service whose name
 * they already carry; demo appointments keep the service and price of their slot.
 * Called once from `insertDemo` (seed-demo.ts), inside the seeding transaction.
 */

interface DemoCity {
  /** GeoNames id, as in the gazetteer shipped with the product (a test checks they agree). */
  placeId: number;
  name: string;
  region: string;
  country: string;
  lat: number;
  lng: number;
  /** The city's IANA zone, as the gazetteer gives it: the zone of its providers' clocks. */
  timezone: string;
}

/**
 * The demo cities, copied from the gazetteer so that seeding does not have to load it: a few
 * around New York (5–50 km apart), plus Philadelphia and Boston farther away, all on Eastern time.
 */
export const DEMO_CITIES: DemoCity[] = [
  { placeId: 5128581, name: 'New York City', region: 'New York', lat: 40.71427, lng: -74.00597 },
  { placeId: 5110302, name: 'Brooklyn', region: 'New York', lat: 40.6501, lng: -73.94958 },
  { placeId: 5099836, name: 'Jersey City', region: 'New Jersey', lat: 40.72816, lng: -74.07764 },
  { placeId: 5101798, name: 'Newark', region: 'New Jersey', lat: 40.73566, lng: -74.17237 },
  { placeId: 5145215, name: 'Yonkers', region: 'New York', lat: 40.93121, lng: -73.89875 },
  { placeId: 4843564, name: 'Stamford', region: 'Connecticut', lat: 41.05343, lng: -73.53873 },
  { placeId: 4560349, name: 'Philadelphia', region: 'Pennsylvania', lat: 39.95233, lng: -75.16379 },
  { placeId: 4930956, name: 'Boston', region: 'Massachusetts', lat: 42.35843, lng: -71.05977 },
].map((city) => ({ ...city, country: 'US', timezone: 'America/New_York' }));

/**
 * The zone of the demo providers' clocks: every demo city's (a test checks they agree), so each
 * provider's zone matches its city wherever seedMarketplace puts it.
 */
export const DEMO_PROVIDER_ZONE = DEMO_CITIES[0]!.timezone;

/** Per category: where its providers work (and how far they travel to the client). */
const MODES: Record<CategorySlug, { mode: ServiceMode; radiusKm?: number }> = {
  barber: { mode: 'at_provider' },
  driver: { mode: 'at_client', radiusKm: 40 },
  tutor: { mode: 'online' },
  photographer: { mode: 'at_client', radiusKm: 60 },
  mechanic: { mode: 'at_provider' },
  plumber: { mode: 'at_client', radiusKm: 25 },
  electrician: { mode: 'at_client', radiusKm: 30 },
  cleaner: { mode: 'at_client', radiusKm: 20 },
};

/**
 * The demo services, one a row: category, name (the first names match the demo slots' types),
 * minutes, price in US cents, description.
 */
const SERVICES: [CategorySlug, string, number, number, string][] = [
  ['barber', 'Haircut', 30, 3500, 'Wash, cut and style.'],
  ['barber', 'Beard trim', 30, 2000, 'Shape-up with hot towel.'],
  ['barber', 'Haircut & beard', 30, 5000, 'The full works.'],
  ['barber', 'Kids’ cut', 30, 2500, 'Under 12s.'],
  ['driver', 'City ride', 60, 4500, 'Up to an hour in town.'],
  ['driver', 'Airport transfer', 60, 8500, 'Luggage included.'],
  ['tutor', 'Math tutoring', 60, 6000, 'Algebra to calculus.'],
  ['tutor', 'Essay coaching', 60, 5500, 'Structure and style.'],
  ['tutor', 'Exam prep', 60, 7000, 'SAT, ACT and finals.'],
  ['photographer', 'Portrait session', 60, 15000, '20 edited photos.'],
  ['photographer', 'Headshots', 60, 12000, 'Studio-quality, on site.'],
  ['photographer', 'Family photos', 60, 18000, 'Outdoors or at home.'],
  ['mechanic', 'Oil change', 60, 7500, 'Synthetic oil and filter.'],
  ['mechanic', 'Brake inspection', 60, 6000, 'Pads, discs, fluid.'],
  ['mechanic', 'Diagnostics', 60, 9500, 'Full OBD scan and report.'],
  ['plumber', 'Leak repair', 60, 12000, 'Parts extra.'],
  ['plumber', 'Drain cleaning', 60, 15000, 'Kitchen or bathroom.'],
  ['plumber', 'Fixture install', 60, 18000, 'Taps, sinks, toilets.'],
  ['electrician', 'Outlet install', 60, 9000, 'Per outlet, up to 3.'],
  ['electrician', 'Lighting repair', 60, 11000, 'Fixtures and dimmers.'],
  ['electrician', 'Safety check', 60, 13000, 'Whole-home inspection.'],
  ['cleaner', 'Standard cleaning', 60, 8000, 'Up to 2 bedrooms.'],
  ['cleaner', 'Deep cleaning', 60, 14000, 'Inside appliances too.'],
  ['cleaner', 'Move-out cleaning', 60, 18000, 'Deposit-ready.'],
];

export interface MarketplaceSeedResult {
  services: number;
}

export async function seedMarketplace(tx: Tx): Promise<MarketplaceSeedResult> {
  const rows = await tx
    .select({ id: providers.id, specialty: providers.specialty })
    .from(providers)
    .orderBy(asc(providers.createdAt), asc(providers.id));
  const perCategory = new Map<string, number>();
  const locations: SQL[] = [];
  const serviceRows: (typeof services.$inferInsert)[] = [];
  for (const [index, row] of rows.entries()) {
    const category = (row.specialty ?? '').toLowerCase() as CategorySlug;
    const offer = MODES[category];
    if (!offer) continue;
    const nth = perCategory.get(category) ?? 0;
    perCategory.set(category, nth + 1);
    const city = DEMO_CITIES[index % DEMO_CITIES.length]!;
    const address = offer.mode === 'at_provider' ? `${100 + index * 7} Main Street` : null;
    locations.push(
      sql`(${row.id}::uuid, ${category}, ${city.placeId}::int, ${city.name}, ${city.region},
           ${city.country}, ${city.lat}::float8, ${city.lng}::float8, ${address}::text,
           ${offer.mode}, ${offer.radiusKm ?? null}::int)`,
    );
    // Prices differ a little between providers of a category (so "price from" sorts them).
    const factor = [1, 0.9, 1.15][nth % 3]!;
    for (const [serviceCategory, name, minutes, price, description] of SERVICES) {
      if (serviceCategory !== category) continue;
      serviceRows.push({
        providerId: row.id,
        name,
        durationMinutes: minutes,
        priceCents: Math.round((price * factor) / 100) * 100,
        currency: 'USD',
        description,
      });
    }
  }
  if (locations.length === 0) return { services: 0 };
  await tx.execute(sql`
    update ${providers} p
    set category = v.category, place_id = v.place_id, place_name = v.place_name,
        place_region = v.place_region, place_country = v.place_country, lat = v.lat,
        lng = v.lng, address = v.address, service_mode = v.service_mode, radius_km = v.radius_km
    from (values ${sql.join(locations, sql`, `)}) as v(id, category, place_id, place_name,
          place_region, place_country, lat, lng, address, service_mode, radius_km)
    where p.id = v.id`);
  await tx.insert(services).values(serviceRows);
  // Each slot is bound to its provider's service of the same name (the type it already has).
  await tx.execute(sql`
    update ${timeslots} t set service_id = s.id
    from ${services} s
    where s.provider_id = t.provider_id and s.name = t.type`);
  // Hand-made slots of another type offer the provider's first service (slots generated from
  // weekly hours follow their rules, which name no service in the demo).
  await tx.execute(sql`
    update ${timeslots} t set service_id = f.id, type = f.name
    from (select distinct on (provider_id) provider_id, id, name from ${services}
          order by provider_id, price_cents, name) f
    where t.service_id is null and t.source = 'manual' and f.provider_id = t.provider_id`);
  // Demo appointments keep the service and price of their slot, as a booking would have.
  await tx.execute(sql`
    update ${appointments} a
    set service_id = s.id, service_name = s.name, price_cents = s.price_cents,
        currency = s.currency
    from ${timeslots} t join ${services} s on s.id = t.service_id
    where a.timeslot_id = t.id`);
  return { services: serviceRows.length };
}
