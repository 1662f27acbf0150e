import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { providers } from '../../db/schema';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import { paymentSummaryOf } from './payment-rows';
import { type PaymentSettings, settlePayment } from './settlement';

/**
 * The payments module's part of every appointment change (appointments/change-fanout.ts): a
 * cancel applies its quote inside the cancel's own transaction (the client's by the tier that
 * applies now, the provider's refunds all), a no-show its fee; the answers then show the
 * payment as it is after it.
 */
export function paymentsConsumer(settings: PaymentSettings): AppointmentChangeConsumer {
  return {
    name: 'payments',
    async inTransaction(tx, change) {
      if (change.held || change.notice.type !== 'canceled') return;
      const id = change.notice.appointmentId;
      const as = change.notice.actor.role === 'client' ? 'canceled' : 'provider_canceled';
      // A suspended provider's client cancels at no fee (docs/product.md §19.4).
      const feeWaived =
        as === 'canceled' && (await providerIsSuspended(tx, change.notice.provider.providerId));
      if (!(await settlePayment(tx, settings, id, as, change.notice.startsAt, feeWaived))) return;
      const payment = await paymentSummaryOf(tx, id);
      if (payment) {
        change.clientView.payment = payment;
        change.providerView.payment = payment;
      }
    },
    async onNoShow(tx, appointmentId) {
      await settlePayment(tx, settings, appointmentId, 'no_show', new Date());
    },
  };
}

/** The provider is suspended now (docs/product.md §19.4). */
export async function providerIsSuspended(db: DbOrTx, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: providers.suspendedAt })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  return Boolean(row?.suspendedAt);
}
