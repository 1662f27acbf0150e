import { percentOf } from '@slotwise/shared/payments-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appointments, bookingPolicies, ledgerEntries, payments, services } from '../db/schema';

/**
 * Demo payments (docs/decisions/068-payments.md) on the second demo barber: "Haircut & beard"
 * takes a deposit of 30 %, "Beard trim" is paid in full when booked, and the policy keeps fees
 * (free until 48 h before, then 50 %; a no-show costs the whole price). The seeded appointments
 * of those services become their paid history: each paid (ledger: charge and the 5 % platform
 * fee), and each client cancel kept its 50 % (ledger: the refund). Runs after the marketplace
 * seed, which binds slots and appointments to services.
 */

export const DEMO_PAYMENT_TERMS = {
  deposit: { service: 'Haircut & beard', percent: 30 },
  prepay: { service: 'Beard trim' },
  cancellationFees: [
    { hoursBefore: 48, percent: 0 },
    { hoursBefore: 0, percent: 50 },
  ],
  noShowFeePercent: 100,
  platformFeePercent: 5,
} as const;

export async function seedDemoPayments(tx: Tx, providerId: string): Promise<{ payments: number }> {
  const terms = DEMO_PAYMENT_TERMS;
  await tx
    .update(services)
    .set({
      paymentMode: 'deposit',
      depositCents: sql`greatest(100, round(${services.priceCents} * ${terms.deposit.percent} / 10000.0) * 100)::int`,
    })
    .where(and(eq(services.providerId, providerId), eq(services.name, terms.deposit.service)));
  await tx
    .update(services)
    .set({ paymentMode: 'prepay' })
    .where(and(eq(services.providerId, providerId), eq(services.name, terms.prepay.service)));
  await tx
    .update(bookingPolicies)
    .set({
      cancellationFees: [...terms.cancellationFees],
      noShowFeePercent: terms.noShowFeePercent,
    })
    .where(eq(bookingPolicies.providerId, providerId));

  const paid = await tx
    .select({
      appointment: appointments,
      mode: services.paymentMode,
      depositCents: services.depositCents,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.providerId, providerId),
        inArray(services.paymentMode, ['deposit', 'prepay']),
        inArray(appointments.status, ['booked', 'canceled']),
      ),
    );
  let written = 0;
  for (const { appointment: a, mode, depositCents } of paid) {
    if (a.priceCents === null || a.currency === null) continue;
    const amount = mode === 'deposit' ? Math.min(depositCents ?? 0, a.priceCents) : a.priceCents;
    const clientCanceled = a.status === 'canceled' && a.canceledBy === 'client';
    const providerCanceled = a.status === 'canceled' && !clientCanceled;
    const kept = clientCanceled ? Math.min(percentOf(a.priceCents, 50), amount) : 0;
    const refunded = a.status === 'canceled' ? amount - kept : 0;
    const paidAt = new Date(a.createdAt.getTime() + 5 * 60_000);
    const [payment] = await tx
      .insert(payments)
      .values({
        appointmentId: a.id,
        providerId,
        clientId: a.clientId,
        mode: mode as 'deposit' | 'prepay',
        status: 'paid',
        amountCents: amount,
        priceCents: a.priceCents,
        currency: a.currency,
        refundedCents: refunded,
        feeCents: kept,
        cancellationFees: [...terms.cancellationFees],
        noShowFeePercent: terms.noShowFeePercent,
        expiresAt: paidAt,
        paidAt,
        settledAt: a.canceledAt,
        settledAs: clientCanceled ? 'canceled' : providerCanceled ? 'provider_canceled' : null,
        createdAt: a.createdAt,
      })
      .returning({ id: payments.id });
    const party = {
      paymentId: payment!.id,
      appointmentId: a.id,
      providerId,
      clientId: a.clientId,
      currency: a.currency,
    };
    const platform = percentOf(amount, terms.platformFeePercent);
    const rows: (typeof ledgerEntries.$inferInsert)[] = [
      {
        ...party,
        kind: 'charge',
        amountCents: amount,
        idempotencyKey: `charge:${payment!.id}`,
        createdAt: paidAt,
      },
      {
        ...party,
        kind: 'platform_fee',
        amountCents: -platform,
        idempotencyKey: `charge:${payment!.id}:platform-fee`,
        createdAt: paidAt,
      },
    ];
    if (refunded > 0 && a.canceledAt) {
      const as = clientCanceled ? 'canceled' : 'provider_canceled';
      const back = Math.floor((platform * refunded) / amount);
      rows.push(
        {
          ...party,
          kind: 'refund',
          amountCents: -refunded,
          idempotencyKey: `refund:${payment!.id}:${as}`,
          createdAt: a.canceledAt,
        },
        {
          ...party,
          kind: 'platform_fee',
          amountCents: back,
          idempotencyKey: `refund:${payment!.id}:${as}:platform-fee`,
          createdAt: a.canceledAt,
        },
      );
    }
    await tx.insert(ledgerEntries).values(rows.filter((row) => row.amountCents !== 0));
    written++;
  }
  return { payments: written };
}
