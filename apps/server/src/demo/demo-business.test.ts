import { addDays, todayIn } from '@slotwise/shared/dates';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { demoSignIn } from '../../test/helpers/demo';
import { DEMO_PROVIDER_EMAIL } from './demo-catalogue';
import { DEMO_BUSINESS_NAME } from './demo-business';
import { seedDemoData } from './seed-demo';

/** The demo business (demo-business.ts): alive on a newcomer's first start. */
describe('demo business', () => {
  const t = useTestApp();

  it('the demo provider owns a business of three barbers and two rooms, with bookings and merged free times', async () => {
    await seedDemoData(t.app.database.db, t.app.log, { timezone: 'America/New_York' });
    const headers = await demoSignIn(t.app, DEMO_PROVIDER_EMAIL);
    const own = (await t.app.inject({ url: '/api/business', headers })).json().business;
    expect(own).toMatchObject({ name: DEMO_BUSINESS_NAME, is_owner: true });
    expect(own.staff).toHaveLength(3);
    expect(own.resources.map((r: { name: string }) => r.name).sort()).toEqual([
      'Chair by the window',
      'Treatment room',
    ]);
    // Each other barber's week has bookings the owner can see.
    for (const member of own.staff.slice(1)) {
      const list = await t.app.inject({
        url: `/api/appointment/provider/view?providerId=${member.provider_id}`,
        headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().appointments.length).toBeGreaterThan(0);
    }
    // Search shows the business; its public page merges the staff's free times.
    const found = (await t.app.inject({ url: '/api/search/providers?q=reed' })).json().providers;
    expect(found.find((p: { business_name: string | null }) => p.business_name)).toMatchObject({
      business_id: own.id,
      business_name: DEMO_BUSINESS_NAME,
    });
    const page = (await t.app.inject({ url: `/api/businesses/${own.id}` })).json().business;
    const haircut = page.services.find((s: { name: string }) => s.name === 'Haircut');
    expect(haircut.provider_ids.length).toBeGreaterThanOrEqual(2);
    const today = todayIn('America/New_York');
    let merged: { provider_ids: string[] }[] = [];
    for (let i = 1; i <= 7 && !merged.some((s) => s.provider_ids.length > 1); i++) {
      merged = (
        await t.app.inject({
          url: `/api/businesses/${own.id}/available-slots?serviceId=${haircut.id}&date=${addDays(today, i)}`,
        })
      ).json().slots;
    }
    expect(merged.some((s) => s.provider_ids.length > 1)).toBe(true);
  });
});
