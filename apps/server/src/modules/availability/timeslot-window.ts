import { and, asc, between, eq, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, timeslots, users } from '../../db/schema';
import { oncePerHandle } from '../../lib/once-per-handle';

/** The window's rows as a subquery, aggregated whole (each row an object) into the answer. */
const ROWS = 'window_slots';

/** A value, or (the prepared statement) a placeholder for one. */
type Param = string | Placeholder;

/**
 * The window's one query. The booked appointment and its client are looked up per slot through
 * a LATERAL subquery with `limit 1` (at most one active appointment per slot): PostgreSQL
 * cannot flatten it into a join, so each of the window's slots costs one probe of
 * `appointments_one_active_per_slot`. As a plain `left join` the planner, estimating the
 * provider's window at ~1,500 slots, hashed the window and read every appointment in the
 * database (54,500 in the bench: 88 ms instead of 0.15 ms; decision 046).
 */
export function timeslotWindowQuery(
  db: DbOrTx,
  params: { providerId: Param; from: Param; to: Param } = {
    providerId: sql.placeholder('providerId'),
    from: sql.placeholder('from'),
    to: sql.placeholder('to'),
  },
) {
  const booked = db
    .select({
      appointmentId: sql<string>`${appointments.id}`.as('appointment_id'),
      firstName: sql<string>`${users.firstName}`.as('client_first_name'),
      lastName: sql<string>`${users.lastName}`.as('client_last_name'),
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.clientId))
    // 'booked' written out, not a parameter: a generic plan must still match the partial index.
    // Only a slot with a seat taken is probed: the count is moved by the statements that book
    // and free seats (decisions 029 and 067), so a slot with none has no active appointment.
    .where(
      and(
        eq(appointments.timeslotId, timeslots.id),
        sql`${appointments.status} = 'booked'`,
        sql`(${timeslots.isBooked} or ${timeslots.seatsTaken} > 0)`,
      ),
    )
    .limit(1)
    .as('b');
  const window = db
    .select({
      id: timeslots.id,
      day: sql<string>`${timeslots.day}::text`.as('day'),
      start_time: sql<string>`${timeslots.startTime}::text`.as('start_time'),
      end_time: sql<string>`${timeslots.endTime}::text`.as('end_time'),
      type: timeslots.type,
      is_booked: timeslots.isBooked,
      source: timeslots.source,
      appointment_id: booked.appointmentId,
      client_first_name: booked.firstName,
      client_last_name: booked.lastName,
      // A class: its seats and everyone holding one (decision 067); null for a one-client slot.
      capacity: timeslots.capacity,
      seats_left: sql<number>`${timeslots.capacity} - ${timeslots.seatsTaken}`.as('seats_left'),
      attendees: sql<unknown>`case when ${timeslots.capacity} > 1 then coalesce((
        select json_agg(json_build_object('appointment_id', a.id,
                 'client_first_name', u.first_name, 'client_last_name', u.last_name)
               order by a.created_at, a.id)
        from ${appointments} a join ${users} u on u.id = a.client_id
        where a.timeslot_id = ${timeslots.id} and a.status = 'booked'
          and (${timeslots.isBooked} or ${timeslots.seatsTaken} > 0)), '[]'::json) end`.as('attendees'),
    })
    .from(timeslots)
    .leftJoinLateral(booked, sql`true`)
    .where(
      and(
        eq(timeslots.providerId, params.providerId),
        between(timeslots.day, sql`${params.from}::date`, sql`${params.to}::date`),
      ),
    )
    .orderBy(asc(timeslots.day), asc(timeslots.startTime))
    .as(ROWS);
  // The answer's JSON is built here, compact (row_to_json's form) and in the answer's field
  // order: the server sends the text as it comes (no row parsing, mapping or stringify).
  return db
    .select({
      body: sql<string>`json_build_object('slots', coalesce(
        json_agg(${sql.identifier(ROWS)}), '[]'::json))::text`,
    })
    .from(window);
}

/**
 * Prepared once per database handle, named: PostgreSQL parses and plans it once per pooled
 * connection (the view is what a provider pages through; the plan does not depend on the
 * provider, the LATERAL probe fixes it). A transaction handle gets its own.
 */
const windowStatement = oncePerHandle((db: DbOrTx) =>
  timeslotWindowQuery(db).prepare('slotwise_timeslot_window'),
);

/**
 * GET /timeslots/view?from&to: a calendar window of the provider's slots, days `from` through
 * `to` inclusive (wall-clock days in the provider's zone, as slots store them), past days
 * included, sorted by day and start. Served by `timeslots_provider_day_idx`. Booked slots carry
 * the active appointment and the client's first and last name — nothing else of the client
 * (docs/decisions/033-what-each-party-sees.md). The answer `{ "slots": [...] }` as JSON text,
 * shaped as `timeslotViewResponseSchema` (the window tests parse it with that schema).
 */
export async function timeslotWindowJson(
  db: DbOrTx,
  providerId: string,
  window: { from: string; to: string },
): Promise<string> {
  const [row] = await windowStatement(db).execute({ providerId, from: window.from, to: window.to });
  return row!.body;
}
