import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { services } from '../../db/schema';
import {
  clearOfMidnight,
  createBusiness,
  staffSlotAt,
} from '../../../test/helpers/business-factories';
import { createClient } from '../../../test/helpers/factories';
import { useTestApp } from '../../../test/helpers/app';
import { asUser } from '../../../test/helpers/requests';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;

/** Holds the room for `slotId`'s time in the open transaction of `client` (not committed). */
const holdRoomFor = (client: pg.Client, slotId: string, clientId: string, roomId: string) =>
  client.query(
    `insert into appointments (id, timeslot_id, provider_id, client_id, status, day, start_time,
       end_time, starts_at, ends_at, service_type, service_id, service_name, cancel_cutoff_minutes,
       resource_id)
     select gen_random_uuid(), t.id, t.provider_id, $2, 'booked', t.day, t.start_time, t.end_time,
       t.starts_at, t.ends_at, t.type, t.service_id, 'Room hold', 0, $3
     from timeslots t where t.id = $1`,
    [slotId, clientId, roomId],
  );

/**
 * Claims of slots that need one room deadlock in the exclusion constraint when two of them each
 * insert before seeing the other's (docs/decisions/089). Built here step by step on PostgreSQL
 * (PGlite runs one statement at a time and cannot deadlock): another transaction holds the room
 * for one time, the booking's claim waits for it, and that transaction then needs the room at a
 * time the claim's appointment holds.
 */
describe.skipIf(!onPostgres)('a booking chosen as a deadlock victim (PostgreSQL)', () => {
  const t = useTestApp();

  it('is claimed again, not answered with an error', async () => {
    const business = await createBusiness(t.app, { staff: 3, resources: 1, serviceMinutes: 60 });
    const roomId = business.resourceIds[0]!;
    await t.app.database.db
      .update(services)
      .set({ resourceId: roomId })
      .where(eq(services.id, business.service.id));
    // Three staff members' 60-minute slots, 30 minutes apart: the second overlaps the first and
    // the third, which do not overlap each other. All on one day there (slots end by 24:00).
    const base = clearOfMidnight(
      new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR),
      120,
    ).getTime();
    const [first, second, third] = await Promise.all(
      business.staff.map((member, i) =>
        staffSlotAt(t.app, member, business.service, new Date(base + i * 30 * 60_000)),
      ),
    );
    const client = await createClient(t.app);
    const other = await createClient(t.app);

    const holder = new pg.Client({ connectionString: t.testDb.url });
    const watcher = new pg.Client({ connectionString: t.testDb.url });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query('begin');
      await holder.query("set local deadlock_timeout = '5s'");
      await holdRoomFor(holder, first!.id, other.id, roomId);
      const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
      const holderPid = rows[0]!.pid;

      // The booking of the second slot: its claim inserts, then waits for the holder.
      const booking = asUser(t.app, client).post('/api/appointment/booking', {
        timeslotId: second!.id,
      });
      for (let waited = 0; ; waited += 20) {
        const blocked = await watcher.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [holderPid],
        );
        if (blocked.rows[0]!.n > 0) break;
        if (waited > 10_000) throw new Error('the claim never waited for the holder');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The holder now needs the room at the third slot's time, which the claim's appointment
      // holds: a cycle. The claim has waited longest, so PostgreSQL ends it (deadlock_timeout is
      // 5 s here, 1 s for the claim's session).
      await holdRoomFor(holder, third!.id, other.id, roomId);
      await holder.query('rollback');

      const res = await booking;
      // Its second attempt waited for the holder, which let the room go.
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().appointment.timeslot_id).toBe(second!.id);
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
  }, 30_000);
});
