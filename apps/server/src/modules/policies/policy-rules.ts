import {
  cancelWindowPassedMessage,
  DEFAULT_BOOKING_POLICY,
  POLICY_MESSAGES,
  tooFarAheadMessage,
  tooSoonMessage,
} from '@slotwise/shared/policies-schemas';
import type { CancellationFeeTier } from '@slotwise/shared/payments-schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, timeslots } from '../../db/schema';
import { ConflictError } from '../../errors';

/**
 * THE booking policy rules as SQL on a `timeslots` row (docs/decisions/047-booking-policies.md).
 * The same fragments decide the booking statement's claim, a reschedule's claim, the reason of a
 * refusal, and which free slots are listed — so a listed slot is one the claim would accept.
 * A provider without a `booking_policies` row has the defaults (docs/product.md §11.4).
 */

function policyValue(column: string, fallback: number | null): SQL {
  return sql`coalesce((select bp.${sql.raw(column)} from booking_policies bp
    where bp.provider_id = ${timeslots.providerId}), ${fallback}::int)`;
}

const notice = policyValue('min_notice_minutes', DEFAULT_BOOKING_POLICY.minNoticeMinutes);
const horizonDays = policyValue('max_advance_days', DEFAULT_BOOKING_POLICY.maxAdvanceDays);
const buffer = policyValue('buffer_minutes', DEFAULT_BOOKING_POLICY.bufferMinutes);
const cap = policyValue('max_per_day', DEFAULT_BOOKING_POLICY.maxPerDay);

/** Other active (not canceled) appointments of the slot's provider, but `except` (a reschedule). */
function othersOfProvider(except: string | null): SQL {
  return sql`a.provider_id = ${timeslots.providerId} and a.status not in ('canceled', 'expired')
    and a.id is distinct from ${except}::uuid`;
}

/** The policy's values a rule reads: by default looked up for the slot's provider, per slot. */
export interface PolicyValues {
  notice: SQL;
  horizonDays: SQL;
  buffer: SQL;
  cap: SQL;
}

const perSlotValues: PolicyValues = { notice, horizonDays, buffer, cap };

/**
 * The same values from a `booking_policies` row `alias` read once (a left join on the
 * provider; null columns → the defaults): a list of one provider's slots then evaluates no
 * lookup per slot (docs/decisions/054-available-slots-window.md).
 */
export function policyValuesOf(alias: string): PolicyValues {
  const column = (name: string, fallback: number | null) =>
    sql`coalesce(${sql.identifier(alias)}.${sql.identifier(name)}, ${sql.raw(fallback === null ? 'null' : String(fallback))}::int)`;
  return {
    notice: column('min_notice_minutes', DEFAULT_BOOKING_POLICY.minNoticeMinutes),
    horizonDays: column('max_advance_days', DEFAULT_BOOKING_POLICY.maxAdvanceDays),
    buffer: column('buffer_minutes', DEFAULT_BOOKING_POLICY.bufferMinutes),
    cap: column('max_per_day', DEFAULT_BOOKING_POLICY.maxPerDay),
  };
}

/** Each rule as "this slot is refused by it" (absolute durations from now(), see 041). */
export function policyRefusals(except: string | null = null, values: PolicyValues = perSlotValues) {
  const { notice, horizonDays, buffer, cap } = values;
  return {
    tooSoon: sql<boolean>`(${timeslots.startsAt} < now() + make_interval(mins => ${notice}))`,
    tooFarAhead: sql<boolean>`(${timeslots.startsAt} > now() + make_interval(hours => ${horizonDays} * 24))`,
    dailyLimit: sql<boolean>`(${cap} is not null and (select count(*) from appointments a
      where ${othersOfProvider(except)} and a.day = ${timeslots.day}) >= ${cap})`,
    buffer: sql<boolean>`(${buffer} > 0 and exists (select 1 from appointments a
      where ${othersOfProvider(except)}
        and a.starts_at < ${timeslots.endsAt} + make_interval(mins => ${buffer})
        and a.ends_at > ${timeslots.startsAt} - make_interval(mins => ${buffer})))`,
  };
}

/** The slot obeys its provider's policy (a WHERE fragment on `timeslots`). */
export function slotObeysPolicy(except: string | null = null, values?: PolicyValues): SQL {
  const r = policyRefusals(except, values);
  return sql`(not (${r.tooSoon} or ${r.tooFarAhead} or ${r.dailyLimit} or ${r.buffer}))`;
}

/**
 * The provider counts (a daily cap or a buffer): then claims of their slots take the provider's
 * lock first (see `lockProviderForPolicy`), else the claim stays one lock-free statement.
 */
export const policyNeedsLock = sql<boolean>`coalesce((select bp.max_per_day is not null
  or bp.buffer_minutes > 0 from booking_policies bp
  where bp.provider_id = ${timeslots.providerId}), false)`;

/**
 * Serialises the claims of one provider's slots until the transaction ends. It must be its own
 * statement BEFORE the claim: a statement reads with the snapshot taken when it started, so a
 * lock taken inside the claiming statement would still count the appointments as they were
 * before the lock was granted (docs/decisions/047-booking-policies.md).
 */
export async function lockProviderForPolicy(tx: DbOrTx, providerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('booking-policy:' || ${providerId}::text))`,
  );
}

/** Selectable columns on `timeslots`: each rule's verdict and the values its message needs. */
export function policyVerdictColumns(except: string | null = null) {
  return {
    ...policyRefusals(except),
    policyNotice: sql<number>`${notice}`,
    policyHorizonDays: sql<number>`${horizonDays}`,
  };
}

type PolicyVerdict = { [K in keyof ReturnType<typeof policyVerdictColumns>]: unknown };

/** The 409 of the first rule that refuses (notice, horizon, daily cap, buffer), or null. */
export function refusalOf(row: PolicyVerdict): ConflictError | null {
  if (row.tooSoon) return new ConflictError('TOO_SOON', tooSoonMessage(Number(row.policyNotice)));
  if (row.tooFarAhead) {
    return new ConflictError('TOO_FAR_AHEAD', tooFarAheadMessage(Number(row.policyHorizonDays)));
  }
  if (row.dailyLimit) {
    return new ConflictError('DAILY_LIMIT_REACHED', POLICY_MESSAGES.dailyLimitReached);
  }
  if (row.buffer) return new ConflictError('BUFFER_CONFLICT', POLICY_MESSAGES.bufferConflict);
  return null;
}

/** Which rule refuses a slot, as the 409 to answer; null when the policy allows it. */
export async function policyRefusalError(
  db: DbOrTx,
  timeslotId: string,
  except: string | null = null,
): Promise<ConflictError | null> {
  const [row] = await db
    .select(policyVerdictColumns(except))
    .from(timeslots)
    .where(eq(timeslots.id, timeslotId))
    .limit(1);
  return row ? refusalOf(row) : null;
}

/** The cut-off a booking made now is made under (the appointment keeps it). */
export const policyCancelCutoff = policyValue(
  'cancel_cutoff_minutes',
  DEFAULT_BOOKING_POLICY.cancelCutoffMinutes,
);

/**
 * The fee terms a booking made now agrees to (docs/decisions/068-payments.md): the tiers and the
 * no-show percent, kept on its payment.
 */
export const policyFeeTerms = {
  cancellationFees: sql<
    CancellationFeeTier[]
  >`coalesce((select bp.cancellation_fees from booking_policies bp
    where bp.provider_id = ${timeslots.providerId}), '[]'::jsonb)`,
  noShowFeePercent: policyValue('no_show_fee_percent', 0),
};

/** The client may still cancel or move it (an appointment's own cut-off; 0: no cut-off). */
export const withinCancelWindow = sql<boolean>`(${appointments.cancelCutoffMinutes} = 0
  or now() <= ${appointments.startsAt} - make_interval(mins => ${appointments.cancelCutoffMinutes}))`;

/** 409 CANCEL_WINDOW_PASSED for an appointment booked under `cutoffMinutes`. */
export function cancelWindowPassedError(cutoffMinutes: number): ConflictError {
  return new ConflictError('CANCEL_WINDOW_PASSED', cancelWindowPassedMessage(cutoffMinutes));
}

/** The last instant of free cancellation (the appointment's start minus its cut-off), or null. */
export function cancellableUntil(startsAt: Date, cutoffMinutes: number): string | null {
  if (cutoffMinutes <= 0) return null;
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000).toISOString();
}
