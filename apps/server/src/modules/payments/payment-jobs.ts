import type { FastifyInstance } from 'fastify';
import { formatPrice } from '@slotwise/shared/money';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appointments, payments, users } from '../../db/schema';
import type { JobContext } from '../../jobs/job-queue';
import type { MailMessage } from '../../mail/mailer';
import { PAYMENT_EXPIRY_JOB } from '../appointments/booking-claim';
import { expireHold, type PaymentsRuntime } from './checkout';
import { recordMovements } from './ledger';
import { lockPayment, partyOf } from './payment-rows';
import { movementRows, PAYMENT_MOVEMENT_JOB, PAYMENT_RECEIPT_JOB } from './settlement';

/**
 * The payments module's jobs (docs/decisions/068-payments.md): a hold's expiry at its deadline,
 * a refund or fee charge made at the payment provider (then recorded in the ledger under the
 * same key it was made with, so a retry neither moves money twice nor records it twice), and
 * the receipts. Jobs survive a restart: a hold always ends.
 */

const expiryPayload = z.object({ paymentId: z.uuid() });
const movementPayload = z.object({
  paymentId: z.uuid(),
  action: z.enum(['refund', 'charge']),
  cents: z.number().int().positive(),
  key: z.string().min(1),
});
const receiptPayload = z.object({
  paymentId: z.uuid(),
  event: z.enum(['paid', 'canceled', 'no_show', 'provider_canceled', 'late']),
});

export function registerPaymentJobs(app: FastifyInstance, rt: PaymentsRuntime): void {
  app.jobs.register(PAYMENT_EXPIRY_JOB, async (raw, context: JobContext) => {
    const { paymentId } = expiryPayload.parse(raw);
    // The deadline by the worker's clock (a test's fake clock); not yet due → nothing now, the
    // job is done and a paid or still-running hold is left as it is.
    await expireHold(rt, paymentId, new Date(Math.max(context.now.getTime(), Date.now())));
  });

  app.jobs.register(PAYMENT_MOVEMENT_JOB, async (raw) => {
    const movement = movementPayload.parse(raw);
    const [row] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, movement.paymentId));
    if (!row) return;
    const [account] = await app.database.db
      .select({ customer: sql<string | null>`pa.stripe_customer_id` })
      .from(sql`payment_accounts pa`)
      .where(sql`pa.user_id = ${row.clientId}`);
    const made =
      movement.action === 'refund'
        ? await rt.gateway.refund({
            paymentId: row.id,
            gatewayRef: row.gatewayRef,
            amountCents: movement.cents,
            currency: row.currency,
            idempotencyKey: movement.key,
          })
        : await rt.gateway.chargeSavedCard({
            paymentId: row.id,
            gatewayMethod: row.gatewayMethod,
            customer: account?.customer ?? null,
            amountCents: movement.cents,
            currency: row.currency,
            idempotencyKey: movement.key,
          });
    await app.database.db.transaction(async (tx) => {
      const locked = await lockPayment(tx, { id: row.id });
      if (!locked) return;
      const rows = await movementRows(tx, rt.settings, locked, movement, made.ref);
      await recordMovements(tx, partyOf(locked), rows);
    });
  });

  app.jobs.register(PAYMENT_RECEIPT_JOB, async (raw, context: JobContext) => {
    const { paymentId, event } = receiptPayload.parse(raw);
    const [row] = await app.database.db
      .select({
        email: users.email,
        firstName: users.firstName,
        serviceName: appointments.serviceName,
        serviceType: appointments.serviceType,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        feeCents: payments.feeCents,
        currency: payments.currency,
        mode: payments.mode,
        startsAt: appointments.startsAt,
      })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      .innerJoin(users, eq(users.id, appointments.clientId))
      .where(eq(payments.id, paymentId));
    if (!row) return;
    await app.mailer.send({
      ...receiptMail(row, event),
      messageId: `<job-${context.job.id}@slotwise>`,
    });
  });
}

type ReceiptRow = {
  email: string;
  firstName: string;
  serviceName: string | null;
  serviceType: string;
  amountCents: number;
  refundedCents: number;
  feeCents: number;
  currency: string;
  mode: string;
  startsAt: Date;
};

/** A receipt: what was paid, refunded or charged, for which appointment. */
export function receiptMail(
  row: ReceiptRow,
  event: z.infer<typeof receiptPayload>['event'],
): MailMessage {
  const money = (cents: number) => formatPrice(cents, row.currency, 'en-US');
  const what = row.serviceName ?? row.serviceType;
  const when = row.startsAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const lines: string[] = [];
  let subject: string;
  if (event === 'paid') {
    subject =
      row.mode === 'card_on_file'
        ? `Card saved for ${what}`
        : `Receipt: ${money(row.amountCents)} for ${what}`;
    lines.push(
      row.mode === 'card_on_file'
        ? `Your card is kept on file for ${what} on ${when}. Nothing was charged now.`
        : `You paid ${money(row.amountCents)} for ${what} on ${when}.`,
    );
  } else if (event === 'late') {
    subject = `Refund: ${money(row.refundedCents)} for ${what}`;
    lines.push(
      `Your payment for ${what} arrived after the time to pay had run out, so the slot was released.`,
      `All of it, ${money(row.refundedCents)}, is refunded.`,
    );
  } else {
    subject = `Receipt: ${what} ${event === 'no_show' ? 'missed' : 'canceled'}`;
    if (row.refundedCents > 0) lines.push(`Refunded: ${money(row.refundedCents)}.`);
    if (row.feeCents > 0) lines.push(`Fee kept or charged: ${money(row.feeCents)}.`);
  }
  const text = [`Hi ${row.firstName},`, '', ...lines, '', 'Slotwise'].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to: row.email,
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#111">${text
      .split('\n')
      .map((line) => `<p>${escape(line)}</p>`)
      .join('')}</body></html>`,
  };
}
