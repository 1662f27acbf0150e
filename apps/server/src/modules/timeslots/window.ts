import type { TimeslotWindowSlot } from '@slotwise/shared/availability-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { appointments, timeslots, users } from '../../db/schema';

/**
 * GET /timeslots/view?from&to: a calendar window of the provider's slots, days `from` through
 * `to` inclusive (wall-clock days in the provider's zone, as slots store them), past days
 * included, sorted by day and start. Served by `timeslots_provider_day_idx`. Booked slots carry
 * the active appointment and the client's first and last name — nothing else of the client
 * (docs/decisions/033-what-each-party-sees.md).
 */
export async function listTimeslotWindow(
  db: DbOrTx,
  providerId: string,
  window: { from: string; to: string },
): Promise<TimeslotWindowSlot[]> {
  return queryRows<TimeslotWindowSlot>(
    db,
    sql`select t.id, t.day::text as day, t.start_time::text as start_time,
          t.end_time::text as end_time, t.type, t.is_booked, t.source,
          a.id as appointment_id, u.first_name as client_first_name,
          u.last_name as client_last_name
        from ${timeslots} t
        left join ${appointments} a on a.timeslot_id = t.id and a.status = 'booked'
        left join ${users} u on u.id = a.client_id
        where t.provider_id = ${providerId}
          and t.day between ${window.from}::date and ${window.to}::date
        order by t.day, t.start_time`,
  );
}
