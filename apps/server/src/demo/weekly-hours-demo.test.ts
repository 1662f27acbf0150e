import { addDays, todayIn } from '@slotwise/shared/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../test/helpers/app';
import { queryRows } from '../db/client';
import { DEMO_PROVIDER_EMAIL } from './demo-catalogue';
import { seedDemoData } from './seed-demo';
import { DEMO_HORIZON_WEEKS } from './weekly-hours-demo';
import { demoSignIn } from '../../test/helpers/demo';

/** The demo provider's weekly hours: saved, generated beyond the seeded weeks, no overlap. */
describe('demo weekly hours', () => {
  const timezone = 'America/New_York';
  const t = useTestWorld(async (app) => {
    await seedDemoData(app.database.db, app.log, { timezone });
    return {};
  });

  it('the demo provider has weekly hours and generated slots up to the horizon', async () => {
    const headers = await demoSignIn(t.app, DEMO_PROVIDER_EMAIL);
    const weekly = await t.app.inject({ url: '/api/availability/weekly', headers });
    expect(weekly.json()).toMatchObject({ horizonWeeks: DEMO_HORIZON_WEEKS, timezone });
    expect(weekly.json().rules).toHaveLength(7);

    const today = todayIn(timezone);
    const [range] = await queryRows<{
      first_generated: string;
      last_generated: string;
      manual_last: string;
    }>(
      t.app.database.db,
      sql`select min(t.day) filter (where t.source = 'weekly')::text as first_generated,
            max(t.day) filter (where t.source = 'weekly')::text as last_generated,
            max(t.day) filter (where t.source = 'manual')::text as manual_last
          from timeslots t join providers p on p.id = t.provider_id
          join users u on u.id = p.user_id where u.email = ${DEMO_PROVIDER_EMAIL}`,
    );
    // The seeded fortnight stays hand-made; generation takes over after it.
    expect(range!.manual_last).toBe(addDays(today, 13));
    expect(range!.first_generated).toBe(addDays(today, 14));
    expect(range!.last_generated <= addDays(today, DEMO_HORIZON_WEEKS * 7 - 1)).toBe(true);
    expect(range!.last_generated >= addDays(today, DEMO_HORIZON_WEEKS * 7 - 2)).toBe(true);

    // The week view of a generated week shows them.
    const from = addDays(today, 21);
    const view = await t.app.inject({
      url: `/api/timeslots/view?from=${from}&to=${addDays(from, 6)}`,
      headers,
    });
    expect(view.statusCode).toBe(200);
    // Weekdays 22 (09:00–20:00) + Saturday 8 + Sunday 8 half-hour slots.
    expect(view.json().slots).toHaveLength(5 * 22 + 8 + 8);

    // The daily run today finds nothing left to do.
    const run = await t.app.schedule.runDaily();
    expect(run).toMatchObject({ ran: true, providers: 1, created: 0, failed: 0 });
  });
});
