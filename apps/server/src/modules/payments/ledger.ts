import type { LedgerKind } from '@slotwise/shared/payments-schemas';
import { percentOf } from '@slotwise/shared/payments-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * The ledger (docs/decisions/068-payments.md): every movement of money is one append-only row
 * (the database refuses changes, 0019_payments.sql), signed from the provider's side. Each
 * movement has ONE name (`idempotencyKey`): writing it again is a no-op, so a retried job or a
 * replayed webhook never moves money twice. Earnings and the operator's figures are sums of it.
 */

export interface PaymentParty {
  id: string;
  appointmentId: string;
  providerId: string;
  clientId: string | null;
  currency: string;
}

export interface Movement {
  kind: LedgerKind;
  /** Positive: the size of the movement; the sign follows the kind. */
  cents: number;
  key: string;
  gatewayRef?: string | null;
}

const SIGN: Record<LedgerKind, 1 | -1> = { charge: 1, fee: 1, refund: -1, platform_fee: -1 };

/** The rows of the movements (zero amounts are skipped), signed from the provider's side. */
export function ledgerRowsOf(payment: PaymentParty, movements: readonly Movement[]) {
  return movements
    .filter((movement) => movement.cents !== 0)
    .map((movement) => ({
      paymentId: payment.id,
      appointmentId: payment.appointmentId,
      providerId: payment.providerId,
      clientId: payment.clientId,
      kind: movement.kind,
      amountCents: SIGN[movement.kind] * movement.cents,
      currency: payment.currency,
      idempotencyKey: movement.key,
      gatewayRef: movement.gatewayRef ?? null,
    }));
}

/** Writes the movements (zero amounts are skipped); answers how many were new. */
export async function recordMovements(
  tx: DbOrTx,
  payment: PaymentParty,
  movements: readonly Movement[],
): Promise<number> {
  const rows = ledgerRowsOf(payment, movements);
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(ledgerEntries)
    .values(rows)
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return written.length;
}

/** Money in (a payment or a fee charged) and Slotwise's share of it. */
export function moneyIn(
  kind: 'charge' | 'fee',
  cents: number,
  key: string,
  platformFeePercent: number,
  gatewayRef: string | null = null,
): Movement[] {
  return [
    { kind, cents, key, gatewayRef },
    {
      kind: 'platform_fee',
      cents: percentOf(cents, platformFeePercent),
      key: `${key}:platform-fee`,
    },
  ];
}

/**
 * A refund and the part of Slotwise's share it gives back: in proportion to the refund, of the
 * share taken on this payment so far (rounded down), as Stripe refunds an application fee.
 */
export async function moneyBack(
  tx: DbOrTx,
  paymentId: string,
  paidCents: number,
  cents: number,
  key: string,
  gatewayRef: string | null = null,
): Promise<Movement[]> {
  const [taken] = await tx
    .select({ cents: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'platform_fee')));
  const share = taken?.cents ?? 0;
  const back = paidCents > 0 ? Math.floor((share * Math.min(cents, paidCents)) / paidCents) : 0;
  return [
    { kind: 'refund', cents, key, gatewayRef },
    // A returned share is money back to the provider: a negative platform fee.
    { kind: 'platform_fee', cents: -back, key: `${key}:platform-fee` },
  ];
}
