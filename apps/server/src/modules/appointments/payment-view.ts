import type { PaymentSummary } from '@slotwise/shared/payments-schemas';
import { getTableName, sql } from 'drizzle-orm';
import { appointments, payments } from '../../db/schema';

/**
 * The `payment` of an appointment answer (docs/decisions/068-payments.md): its one payment as
 * JSON, read by the unique index on `payments.appointment_id`; null when its service took no
 * money (then the answer has no `payment` key: SPEC's answers stay as they were).
 */
// Qualified by hand: in a one-table select Drizzle writes a bare "id", which inside this
// subquery would mean the payment's.
const appointmentsId = sql`${sql.identifier(getTableName(appointments))}."id"`;

export const paymentSummaryColumn = sql<PaymentSummary | null>`(select json_build_object(
    'id', p.id, 'status', p.status, 'mode', p.mode, 'amount_cents', p.amount_cents,
    'price_cents', p.price_cents, 'refunded_cents', p.refunded_cents, 'fee_cents', p.fee_cents,
    'currency', p.currency, 'checkout_url', p.checkout_url,
    'expires_at', to_char(p.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'cancellation_fees', p.cancellation_fees, 'no_show_fee_percent', p.no_show_fee_percent)
  from ${payments} p where p.appointment_id = ${appointmentsId})`;

/** `{payment}` when there is one, else nothing. */
export function paymentField(payment: PaymentSummary | null | undefined) {
  return payment ? { payment } : {};
}
