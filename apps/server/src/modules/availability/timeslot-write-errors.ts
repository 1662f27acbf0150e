import { MESSAGES } from '@slotwise/shared/texts';
import { hhmm } from '@slotwise/shared/dates';
import type { PlannedSlot } from '@slotwise/shared/availability-slot-run-schemas';
import { TIMESLOT_MESSAGES } from '@slotwise/shared/availability-slot-texts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PG_CHECK_VIOLATION, PG_EXCLUSION_VIOLATION, pgErrorOf } from '../../db/errors';
import { timeslots } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';

/** A slot write refused by the database, as the answer it deserves (timeslot-service.ts). */

function slotLabel(slot: { day: string; start_time: string; end_time: string }): string {
  return `${slot.day} ${hhmm(slot.start_time)}–${hhmm(slot.end_time)}`;
}

interface Clash {
  day: string;
  start_time: string;
  end_time: string;
}

/**
 * The provider's existing slots that overlap any of the candidates (half-open ranges, as the
 * exclusion constraint sees them), in time order, each once.
 */
async function findClashes(
  db: DbOrTx,
  providerId: string,
  timezone: string,
  candidates: PlannedSlot[],
  excludeId?: string,
): Promise<Clash[]> {
  if (candidates.length === 0) return [];
  const rows = sql.join(
    candidates.map((c) => sql`(${c.day}::date, ${c.startTime}::time, ${c.endTime}::time)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select distinct t.day::text as day, t.start_time::text as start_time,
           t.end_time::text as end_time, t.starts_at
    from (values ${rows}) as c(day, start_time, end_time)
    join ${timeslots} t
      on t.provider_id = ${providerId}
     ${excludeId ? sql`and t.id <> ${excludeId}` : sql``}
     and tstzrange(t.starts_at, t.ends_at, '[)') && tstzrange(
           (c.day + c.start_time) at time zone ${timezone},
           (c.day + c.end_time) at time zone ${timezone}, '[)')
    order by t.starts_at
  `);
  return (result as unknown as { rows: Clash[] }).rows;
}

/**
 * Database rules broken by a write, as domain errors: an overlap becomes 409 SLOT_OVERLAP naming
 * every clashing slot (looked up after the failed write was rolled back); a duration check (a
 * wall-clock slot shortened by a daylight-saving change) becomes the docs/product.md §5 400.
 */
export async function translateWriteError(
  db: DbOrTx,
  error: unknown,
  providerId: string,
  timezone: string,
  candidates: PlannedSlot[],
  options: { excludeId?: string; bulk?: boolean } = {},
): Promise<unknown> {
  const pgError = pgErrorOf(error);
  if (pgError?.code === PG_CHECK_VIOLATION) {
    const message =
      pgError.constraint === 'timeslots_end_after_start'
        ? MESSAGES.endAfterStart
        : MESSAGES.minSlotDuration;
    return ValidationError.field('endTime', message);
  }
  if (pgError?.code !== PG_EXCLUSION_VIOLATION) return error;
  const clashes = await findClashes(db, providerId, timezone, candidates, options.excludeId);
  if (clashes.length === 0)
    return new ConflictError('SLOT_OVERLAP', TIMESLOT_MESSAGES.overlapUnknown);
  const list = clashes.map(slotLabel).join(', ');
  if (options.bulk) {
    const which =
      clashes.length === 1 ? 'your existing slot' : `${clashes.length} of your existing slots`;
    return new ConflictError(
      'SLOT_OVERLAP',
      `No slots were created: the run overlaps ${which}: ${list}`,
    );
  }
  const only = clashes[0];
  return new ConflictError(
    'SLOT_OVERLAP',
    clashes.length === 1 && only
      ? `This time slot overlaps your slot on ${only.day} from ${hhmm(only.start_time)} to ${hhmm(only.end_time)}`
      : `This time slot overlaps your slots ${list}`,
  );
}

