import type { PaymentSummary } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, payments } from '../../db/schema';
import { paymentSummaryColumn } from '../appointments/payment-view';
import type { PaymentParty } from './ledger';

/** A payment row locked for a change (FOR UPDATE): every change of a payment starts here. */
export async function lockPayment(tx: DbOrTx, where: { id: string } | { appointmentId: string }) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      'id' in where ? eq(payments.id, where.id) : eq(payments.appointmentId, where.appointmentId),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

export function partyOf(row: PaymentRow): PaymentParty {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    providerId: row.providerId,
    clientId: row.clientId,
    currency: row.currency,
  };
}

/** The appointment's payment as answers show it (appointments/payment-view.ts). */
export async function paymentSummaryOf(
  tx: DbOrTx,
  appointmentId: string,
): Promise<PaymentSummary | null> {
  const [row] = await tx
    .select({ payment: paymentSummaryColumn })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.payment ?? null;
}
