import { TEST_CARDS, settlementOf } from '@slotwise/shared/payments-schemas';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appointments, ledgerEntries, payments } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createClient } from '../../../test/helpers/factories';
import { createPayingProvider } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * The ledger's property (docs/decisions/068-payments.md): whatever happens to payments — paid or
 * not, declined first, canceled by either side at any hour, marked no-show, asked twice — each
 * payment's ledger rows add up to what its row says moved, the provider's earnings are the sum
 * of the rows, and nothing is ever charged twice.
 */

const MODES = ['deposit', 'prepay', 'card_on_file'] as const;
const ACTIONS = [
  'none',
  'client-cancel',
  'provider-cancel',
  'no-show',
  'cancel-twice',
  'no-show-twice',
] as const;

const sequence = fc.record({
  mode: fc.constantFrom(...MODES),
  priceCents: fc.integer({ min: 1, max: 100_000 }),
  depositShare: fc.integer({ min: 1, max: 100 }),
  tiers: fc.uniqueArray(
    fc.record({
      hoursBefore: fc.integer({ min: 0, max: 96 }),
      percent: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 5, selector: (tier) => tier.hoursBefore },
  ),
  noShowFeePercent: fc.integer({ min: 0, max: 100 }),
  bookings: fc.array(
    fc.record({
      pays: fc.boolean(),
      declinedFirst: fc.boolean(),
      action: fc.constantFrom(...ACTIONS),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  hours: fc.uniqueArray(fc.integer({ min: 1, max: 120 }), { minLength: 6, maxLength: 6 }),
});

describe('ledger property', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  it('balances equal the sum of rows after random pay / cancel / no-show / refund sequences', async () => {
    const client = await createClient(t.app);
    const as = asUser(t.app, client);
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(sequence, async (run) => {
        const depositCents = Math.max(1, Math.floor((run.priceCents * run.depositShare) / 100));
        const { provider, slot } = await createPayingProvider(t.app, {
          mode: run.mode,
          priceCents: run.priceCents,
          depositCents,
          tiers: run.tiers,
          noShowFeePercent: run.noShowFeePercent,
        });
        const byProvider = asUser(t.app, provider);
        for (const [i, booking] of run.bookings.entries()) {
          const s = await slot(run.hours[i]!);
          const booked = await as.post('/api/appointment/booking', { timeslotId: s.id });
          expect(booked.statusCode).toBe(201);
          const { id, payment } = booked.json().appointment;
          operations++;
          if (booking.declinedFirst) {
            const declined = await as.post(`/api/payments/${payment.id}/test-checkout`, {
              cardNumber: TEST_CARDS.decline,
            });
            expect(declined.statusCode).toBe(402);
            operations++;
          }
          if (!booking.pays) continue;
          const paid = await as.post(`/api/payments/${payment.id}/test-checkout`, {
            cardNumber: TEST_CARDS.success,
          });
          expect(paid.statusCode).toBe(200);
          operations++;
          const cancel = () => as.patch(`/api/appointment/cancel/${id}`, {});
          const noShow = async () => {
            await db()
              .update(appointments)
              .set({ startsAt: new Date(Date.now() - 60_000) })
              .where(eq(appointments.id, id));
            return byProvider.patch(`/api/appointment/provider/no-show/${id}`, {});
          };
          if (booking.action === 'client-cancel' || booking.action === 'cancel-twice') {
            const quote = (await as.get(`/api/appointment/${id}/cancel-quote`)).json();
            const res = await cancel();
            expect(res.statusCode).toBe(200);
            // The cancel applies exactly the quote (the tier cannot change within the second).
            expect(res.json().appointment.payment).toMatchObject({
              refunded_cents: quote.refund_cents,
              fee_cents: quote.fee_cents,
            });
            if (booking.action === 'cancel-twice') expect((await cancel()).statusCode).toBe(409);
            operations += 2;
          } else if (booking.action === 'provider-cancel') {
            const res = await byProvider.patch(`/api/appointment/provider/cancel/${id}`, {});
            expect(res.statusCode).toBe(200);
            operations++;
          } else if (booking.action === 'no-show' || booking.action === 'no-show-twice') {
            expect((await noShow()).statusCode).toBe(200);
            if (booking.action === 'no-show-twice') expect((await noShow()).statusCode).toBe(409);
            operations++;
          }
        }
        // Per payment: the rows say what the payment row says moved.
        const rows = await db()
          .select({
            payment: payments,
            charge:
              sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'charge'), 0)`.mapWith(
                Number,
              ),
            fee: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'fee'), 0)`.mapWith(
              Number,
            ),
            refund:
              sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund'), 0)`.mapWith(
                Number,
              ),
            total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
          })
          .from(payments)
          .leftJoin(ledgerEntries, eq(ledgerEntries.paymentId, payments.id))
          .where(eq(payments.providerId, provider.providerId!))
          .groupBy(payments.id);
        let net = 0;
        for (const row of rows) {
          const p = row.payment;
          const paid = p.status === 'paid' ? p.amountCents : 0;
          expect(row.charge).toBe(paid);
          expect(row.refund).toBe(p.refundedCents);
          expect(p.refundedCents).toBeLessThanOrEqual(paid);
          if (p.settledAt) {
            // What the client gave up is the fee: kept of the payment, or charged to the card.
            expect(paid - p.refundedCents + row.fee).toBe(p.feeCents);
          } else {
            expect([p.refundedCents, p.feeCents, row.fee]).toEqual([0, 0, 0]);
          }
          if (p.settledAs === 'canceled' || p.settledAs === 'no_show') {
            const percentBound = settlementOf({
              mode: p.mode,
              priceCents: p.priceCents,
              paidCents: paid,
              percent: 100,
            });
            expect(p.feeCents).toBeLessThanOrEqual(percentBound.fee_cents);
          }
          if (p.settledAs === 'provider_canceled') expect(p.refundedCents).toBe(paid);
          net += row.total;
        }
        const day = (offset: number) =>
          new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
        const earnings = await byProvider.get(
          `/api/payments/earnings?from=${day(-2)}&to=${day(2)}`,
        );
        if (rows.some((row) => row.total !== 0 || row.charge !== 0)) {
          expect(earnings.json().net_cents).toBe(net);
        }
      }),
      { numRuns: 200, seed: 20261127 },
    );
    expect(operations).toBeGreaterThan(1000);
  }, 600_000);
});
