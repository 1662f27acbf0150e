import {
  type CancelQuote,
  type Earnings,
  PAYMENT_MESSAGES,
} from '@slotwise/shared/payments-schemas';
import { formatPrice } from '@slotwise/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { appointments, ledgerEntries, payments, providers, users } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import type { AuthContext } from '../../plugins/tokens';
import { quoteOf } from './settlement';
import type { PaymentRow } from './payment-rows';

/**
 * What a cancel now would keep and give back (GET /appointment/:id/cancel-quote) and what a
 * provider earned (GET /payments/earnings), docs/decisions/068-payments.md.
 */

/** The quote, for the client or the provider of the appointment (anyone else: 404). */
export async function cancelQuote(
  db: DbOrTx,
  auth: AuthContext,
  appointmentId: string,
): Promise<CancelQuote> {
  const owner =
    auth.role === 'client'
      ? eq(appointments.clientId, auth.userId)
      : eq(appointments.providerId, auth.providerId ?? '00000000-0000-0000-0000-000000000000');
  const [row] = await db
    .select({
      startsAt: appointments.startsAt,
      payment: payments,
      providerSuspendedAt: providers.suspendedAt,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(payments, eq(payments.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), owner));
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
  if (!row.payment) {
    return {
      fee_cents: 0,
      refund_cents: 0,
      charge_cents: 0,
      percent: 0,
      currency: null,
      text: 'Cancelling is free',
    };
  }
  const as = auth.role === 'client' ? 'canceled' : 'provider_canceled';
  // A suspended provider's client cancels at no fee (docs/product.md §19.4).
  const feeWaived = as === 'canceled' && row.providerSuspendedAt !== null;
  const quote = quoteOf(row.payment as PaymentRow, row.startsAt, as, new Date(), feeWaived);
  return { ...quote, currency: row.payment.currency, text: quoteText(quote, row.payment.currency) };
}

/** The quote in words: "Cancelling now keeps 50 % of the price ($12.50); $12.50 is refunded." */
export function quoteText(
  quote: { fee_cents: number; refund_cents: number; charge_cents: number; percent: number },
  currency: string,
): string {
  const money = (cents: number) => formatPrice(cents, currency, 'en-US');
  if (quote.charge_cents > 0) {
    return `Cancelling now charges ${money(quote.charge_cents)} (${quote.percent} % of the price) to the card on file.`;
  }
  if (quote.fee_cents > 0) {
    const back = quote.refund_cents > 0 ? `; ${money(quote.refund_cents)} is refunded` : '';
    return `Cancelling now keeps ${quote.percent} % of the price (${money(quote.fee_cents)})${back}.`;
  }
  if (quote.refund_cents > 0)
    return `Cancelling now is free: ${money(quote.refund_cents)} is refunded.`;
  return 'Cancelling is free';
}

const MAX_RANGE_DAYS = 366;

/** The provider's ledger sums in [from, to] (their own days), per week or month. */
export async function earningsOf(
  db: DbOrTx,
  providerId: string,
  range: { from: string; to: string; group: 'week' | 'month'; currency?: string | undefined },
): Promise<Earnings> {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  if (!(days >= 0 && days <= MAX_RANGE_DAYS)) {
    throw ValidationError.field('from', PAYMENT_MESSAGES.earningsRangeInvalid);
  }
  const [who] = await db
    .select({ zone: users.timezone })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, providerId));
  const zone = who?.zone ?? 'UTC';
  const currency = range.currency ?? (await mainCurrency(db, providerId));
  const local = sql`(${ledgerEntries.createdAt} at time zone ${zone})`;
  const inRange = and(
    eq(ledgerEntries.providerId, providerId),
    eq(ledgerEntries.currency, currency),
    sql`${local} >= ${range.from}::date and ${local} < ${range.to}::date + 1`,
  );
  const figures = {
    gross:
      sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('charge', 'fee')), 0)`.mapWith(
        Number,
      ),
    refunds:
      sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'refund'), 0)`.mapWith(
        Number,
      ),
    fees: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'platform_fee'), 0)`.mapWith(
      Number,
    ),
    net: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
  };
  const start = sql<string>`date_trunc(${range.group}, ${local})::date::text`;
  const periods = await db
    .select({ start, ...figures })
    .from(ledgerEntries)
    .where(inRange)
    // By position: the expression's parameters are numbered anew at each mention.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  // Fees the policy kept or charged, by when the cancel or no-show was settled.
  const settledLocal = sql`(${payments.settledAt} at time zone ${zone})`;
  const settledStart = sql<string>`date_trunc(${range.group}, ${settledLocal})::date::text`;
  const kept = await db
    .select({ start: settledStart, cents: sql<number>`sum(${payments.feeCents})`.mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.providerId, providerId),
        eq(payments.currency, currency),
        sql`${settledLocal} >= ${range.from}::date and ${settledLocal} < ${range.to}::date + 1`,
      ),
    )
    .groupBy(sql`1`);
  const keptBy = new Map(kept.map((row) => [row.start, row.cents]));
  const starts = [...new Set([...periods.map((p) => p.start), ...keptBy.keys()])].sort();
  const byStart = new Map(periods.map((p) => [p.start, p]));
  const rows = starts.map((periodStart) => {
    const p = byStart.get(periodStart);
    return {
      start: periodStart,
      gross_cents: p?.gross ?? 0,
      fees_cents: p?.fees ?? 0,
      refunds_cents: p?.refunds ?? 0,
      net_cents: p?.net ?? 0,
      cancellation_fees_cents: keptBy.get(periodStart) ?? 0,
    };
  });
  const total = (key: keyof (typeof rows)[number] & `${string}_cents`) =>
    rows.reduce((sum, row) => sum + row[key], 0);
  return {
    gross_cents: total('gross_cents'),
    fees_cents: total('fees_cents'),
    refunds_cents: total('refunds_cents'),
    net_cents: total('net_cents'),
    cancellation_fees_cents: total('cancellation_fees_cents'),
    currency,
    periods: rows,
  };
}

/** The currency most of the provider's money moved in (else their first service's, else USD). */
async function mainCurrency(db: DbOrTx, providerId: string): Promise<string> {
  const [row] = await queryRows<{ currency: string }>(
    db,
    sql`select currency from (
      select currency, count(*) as n, 0 as rank from ledger_entries
      where provider_id = ${providerId} group by currency
      union all
      select currency, 0, 1 from services where provider_id = ${providerId}
    ) c order by rank, n desc limit 1`,
  );
  return row?.currency ?? 'USD';
}

/** GET /payments/earnings.csv: the ledger rows in the range, one per line. */
export async function earningsCsv(
  db: DbOrTx,
  providerId: string,
  range: { from: string; to: string },
): Promise<string> {
  const rows = await db
    .select({
      createdAt: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      appointmentId: ledgerEntries.appointmentId,
      paymentId: ledgerEntries.paymentId,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.providerId, providerId),
        sql`${ledgerEntries.createdAt} >= ${range.from}::date and ${ledgerEntries.createdAt} < ${range.to}::date + 1`,
      ),
    )
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
  const lines = ['date,kind,amount_cents,currency,appointment_id,payment_id'];
  for (const row of rows) {
    lines.push(
      [
        row.createdAt.toISOString(),
        row.kind,
        row.amountCents,
        row.currency,
        row.appointmentId ?? '',
        row.paymentId,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
