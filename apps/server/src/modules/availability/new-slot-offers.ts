import { type SQL, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { DEFAULT_MAX_ATTEMPTS } from '../../jobs/job-queue';
import { OFFER_NEW_SLOTS_JOB } from '../../jobs/job-payloads';

/**
 * New slots go to the waitlist first (docs/decisions/069-waitlist.md): the statement that queues
 * the job offering them, written in the transaction that creates them, and only when someone
 * waits for the provider (nearly always nobody: then nothing is queued). `ids` is a query of
 * the new slots' `id`s.
 */
export function queueNewSlotOffers(providerId: string, ids: SQL): SQL {
  return sql`insert into ${jobs} (kind, payload, run_at, max_attempts)
    select ${OFFER_NEW_SLOTS_JOB}, jsonb_build_object('timeslotIds', jsonb_agg(new_slot.id)), now(),
      ${DEFAULT_MAX_ATTEMPTS}::int
    from (${ids}) new_slot
    having count(*) > 0 and exists (select 1 from waitlist_entries e
      where e.provider_id = ${providerId} and e.status = 'waiting' and e.ends_at > now())`;
}

/** The same, for slots whose ids are known. */
export function queueOffersOfSlots(providerId: string, timeslotIds: readonly string[]): SQL {
  return queueNewSlotOffers(
    providerId,
    sql`select unnest(${`{${timeslotIds.join(',')}}`}::uuid[]) as id`,
  );
}
