import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { queryRows } from '../db/client';
import { findPlace } from '../modules/catalogue/gazetteer';
import { seedDemoData } from './seed-demo';
import { DEMO_CITIES } from './seed-marketplace';

describe('demo data: the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.app.database.db, t.app.log, { timezone: 'America/New_York' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('every demo provider has a category, a real city, a mode and 2–4 priced services', async () => {
    const rows = await queryRows<{
      category: string | null;
      place_name: string | null;
      lat: number | null;
      service_mode: string;
      radius_km: number | null;
      services: number | string;
      min_price: number | null;
    }>(
      t.app.database.db,
      sql`select p.category, p.place_name, p.lat, p.service_mode, p.radius_km,
                 count(s.id) as services, min(s.price_cents) as min_price
            from providers p left join services s on s.provider_id = p.id
           group by p.id`,
    );
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      expect(row.category).toMatch(
        /^(barber|driver|tutor|photographer|mechanic|plumber|electrician|cleaner)$/,
      );
      expect(row.place_name).toEqual(expect.any(String));
      expect(row.lat).toEqual(expect.any(Number));
      expect(Number(row.services)).toBeGreaterThanOrEqual(2);
      expect(Number(row.services)).toBeLessThanOrEqual(4);
      expect(row.min_price).toBeGreaterThan(0);
      if (row.service_mode === 'at_client') expect(row.radius_km).toBeGreaterThan(0);
      else expect(row.radius_km).toBeNull();
    }
    expect(new Set(rows.map((r) => r.category)).size).toBe(8);
    expect(new Set(rows.map((r) => r.place_name)).size).toBeGreaterThanOrEqual(5);
  });

  it('hand-made slots are bound to services and booked demo appointments keep a price', async () => {
    // Slots generated from weekly hours follow their rules (no service in the demo).
    const [slots] = await queryRows<{ total: string | number; bound: string | number }>(
      t.app.database.db,
      sql`select count(*) as total, count(service_id) as bound from timeslots
           where source = 'manual'`,
    );
    expect(Number(slots!.bound)).toBe(Number(slots!.total));
    const [mismatch] = await queryRows<{ n: string | number }>(
      t.app.database.db,
      // A staff member's slot may name their business owner's service (demo-business.ts).
      sql`select count(*) as n from timeslots t join services s on s.id = t.service_id
           where s.name <> t.type or (s.provider_id <> t.provider_id and not exists (
             select 1 from business_staff bs join businesses b on b.id = bs.business_id
             where bs.provider_id = t.provider_id and b.owner_provider_id = s.provider_id))`,
    );
    expect(Number(mismatch!.n)).toBe(0);
    const [priced] = await queryRows<{ total: string | number; priced: string | number }>(
      t.app.database.db,
      sql`select count(*) as total, count(price_cents) as priced from appointments
           where timeslot_id is not null`,
    );
    expect(Number(priced!.total)).toBeGreaterThan(0);
    expect(Number(priced!.priced)).toBe(Number(priced!.total));
  });

  it('each demo provider is on its city’s clock and has a portrait (a PNG upload)', async () => {
    const rows = await queryRows<{ zone: string; place_id: number; content_type: string | null }>(
      t.app.database.db,
      sql`select u.timezone as zone, p.place_id, i.content_type from providers p
           join users u on u.id = p.user_id left join images i on i.id = u.profile_image_id`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.zone).toBe(findPlace(row.place_id)!.timezone);
      expect(row.content_type).toBe('image/png');
    }
  });

  it('the demo cities are the gazetteer’s, and far enough apart for distance to matter', async () => {
    for (const city of DEMO_CITIES) {
      const place = findPlace(city.placeId);
      expect(place).toMatchObject({
        name: city.name,
        region: city.region,
        country: city.country,
        lat: city.lat,
        lng: city.lng,
        timezone: city.timezone,
      });
    }
    const [far] = await queryRows<{ km: number | string }>(
      t.app.database.db,
      sql`select max(earth_distance(ll_to_earth(a.lat, a.lng), ll_to_earth(b.lat, b.lng))) / 1000
                 as km
            from providers a, providers b`,
    );
    expect(Number(far!.km)).toBeGreaterThan(200);
  });
});
