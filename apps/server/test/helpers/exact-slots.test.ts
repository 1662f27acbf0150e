import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timeslots } from '../../src/db/schema';
import { useTestApp } from './app';
import { createSlotAt } from './exact-slots';
import { createProvider } from './factories';
import { zonedInstant } from './policy-helpers';

/**
 * Tests place slots relative to now, so a run near the provider's midnight must still get a
 * valid slot (it ends on its own day and lasts at least 15 minutes) — it once failed CI at
 * 23:51 in New York.
 */
describe('createSlotAt near the provider’s midnight', () => {
  const t = useTestApp();
  const zone = 'America/New_York';
  const rowOf = async (id: string) =>
    (await t.app.database.db.select().from(timeslots).where(eq(timeslots.id, id)))[0]!;

  it('cuts a slot at 24:00 when 15 minutes or more are left', async () => {
    const provider = await createProvider(t.app, { timezone: zone });
    const slot = await createSlotAt(
      t.app,
      provider.providerId!,
      zonedInstant(zone, '2027-03-01', '23:40:00'),
    );
    const row = await rowOf(slot.id);
    expect([row.day, row.startTime, row.endTime]).toEqual(['2027-03-01', '23:40:00', '24:00:00']);
    expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(20 * 60_000);
  });

  it('starts at the next midnight, with its full duration, when less would be left', async () => {
    const provider = await createProvider(t.app, { timezone: zone });
    const asked = zonedInstant(zone, '2027-03-01', '23:51:00');
    const slot = await createSlotAt(t.app, provider.providerId!, asked, 30);
    const row = await rowOf(slot.id);
    expect([row.day, row.startTime, row.endTime]).toEqual(['2027-03-02', '00:00:00', '00:30:00']);
    expect(slot.startsAt.getTime() - asked.getTime()).toBe(9 * 60_000);
    expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('asked for earlier, ends at 24:00 with its full duration instead', async () => {
    const provider = await createProvider(t.app, { timezone: zone });
    const asked = zonedInstant(zone, '2027-03-01', '23:51:00');
    const slot = await createSlotAt(t.app, provider.providerId!, asked, 30, 'Haircut', 'earlier');
    const row = await rowOf(slot.id);
    expect([row.day, row.startTime, row.endTime]).toEqual(['2027-03-01', '23:30:00', '24:00:00']);
    expect(asked.getTime() - slot.startsAt.getTime()).toBe(21 * 60_000);
    expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * 60_000);
  });
});
