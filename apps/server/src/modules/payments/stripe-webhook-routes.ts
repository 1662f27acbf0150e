import { errorResponses } from '@slotwise/shared/api-error-schemas';
import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { webhookResponseSchema } from '@slotwise/shared/stripe-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import { paymentAccounts, paymentWebhookEvents } from '../../db/schema';
import { DomainError, NotFoundError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { markPaid, type PaidAt } from './checkout';
import { StripeGateway } from './stripe-gateway';

/**
 * Stripe's webhooks (docs/product.md §16, docs/decisions/068-payments.md):
 * `POST /api/payments/webhooks/stripe`. The signature is checked on the raw body; each event is
 * applied once (its id is recorded in payment_webhook_events, a replay changes nothing), and an
 * event that arrives late or out of order changes nothing either: markPaid answers 'already'
 * for a payment already paid and settles a hold that had expired ('late', refunded).
 */

const invalidSignature = () =>
  new DomainError(400, 'BAD_REQUEST', PAYMENT_MESSAGES.webhookSignatureInvalid);

/** Whether the event id was processed before. */
async function seen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.eventId, eventId));
  return row !== undefined;
}

/** Records the event as processed; false when another delivery recorded it first. */
async function record(db: DbOrTx, event: Stripe.Event): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

/** The Slotwise payment a Checkout Session is for (null: not one of ours). */
function paymentIdOf(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.payment_id ?? session.client_reference_id;
  return isUuid(id) ? id : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * A completed Checkout Session: the money was taken (mode payment) or the card saved (setup).
 * markPaid records the event with the payment's effect, in one transaction (and answers 'seen'
 * for an event processed before); the other ends of this function record it on their own.
 */
async function sessionCompleted(
  app: FastifyInstance,
  gateway: StripeGateway,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  log: FastifyBaseLogger,
): Promise<void> {
  const paymentId = paymentIdOf(session);
  if (!paymentId) {
    log.warn({ session: session.id }, 'stripe: checkout session of no Slotwise payment');
    await record(app.database.db, event);
    return;
  }
  let paid: PaidAt;
  if (session.mode === 'setup') {
    // The card saved for later fees (the client's customer was kept when the session opened).
    const setupIntentId = idOf(session.setup_intent);
    if (!setupIntentId) throw new Error(`stripe: setup session ${session.id} has no setup intent`);
    const setupIntent = await gateway.stripe.setupIntents.retrieve(setupIntentId);
    paid = { gatewayRef: session.id, gatewayMethod: idOf(setupIntent.payment_method) };
  } else {
    // An asynchronous payment method completes unpaid: its own event says when it is paid.
    if (session.payment_status === 'unpaid') {
      await record(app.database.db, event);
      return;
    }
    // Refunds name the PaymentIntent.
    paid = { gatewayRef: idOf(session.payment_intent) ?? session.id };
  }
  try {
    const { outcome } = await markPaid(app.payments, paymentId, paid, {
      id: event.id,
      type: event.type,
    });
    log.info({ paymentId, outcome, session: session.id }, 'stripe: checkout completed');
  } catch (error) {
    // A payment that is not (or no longer) here: nothing to do, and no reason to retry.
    if (!(error instanceof NotFoundError)) throw error;
    log.warn({ paymentId, session: session.id }, 'stripe: checkout of an unknown payment');
    await record(app.database.db, event);
  }
}

/** A checkout completion that pays: its event is looked up with its payment (pay-hold.ts). */
const isPaymentCompletion = (event: Stripe.Event) =>
  (event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded') &&
  event.data.object.mode !== 'setup';

/**
 * Applies one verified event and records it. A checkout's effect is markPaid, which records the
 * event in the payment's own transaction and locks the payment row: two deliveries at once, or a
 * second event of the same session, find it paid and answer 'already', so nothing happens twice.
 * Effects of our own (account.updated) share the event's transaction too.
 */
async function apply(
  app: FastifyInstance,
  gateway: StripeGateway,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await sessionCompleted(app, gateway, event, event.data.object, log);
      return;
    case 'account.updated': {
      const account = event.data.object;
      // The event and its effect in one transaction: a replay finds the event and stops.
      await app.database.db.transaction(async (tx) => {
        if (!(await record(tx, event))) return;
        await tx
          .update(paymentAccounts)
          .set({ chargesEnabled: account.charges_enabled, updatedAt: new Date() })
          .where(eq(paymentAccounts.stripeAccountId, account.id));
      });
      return;
    }
    case 'checkout.session.expired':
      // The hold's own expiry job releases the slot (docs/decisions/068-payments.md).
      log.info({ session: event.data.object.id }, 'stripe: checkout session expired');
      break;
    case 'charge.refunded':
      log.info({ charge: event.data.object.id }, 'stripe: charge refunded');
      break;
    case 'payment_intent.payment_failed':
      log.warn(
        { paymentIntent: event.data.object.id, error: event.data.object.last_payment_error?.code },
        'stripe: payment failed',
      );
      break;
    default:
      log.debug({ type: event.type }, 'stripe: event not used');
  }
  await record(app.database.db, event);
}

export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments.gateway instanceof StripeGateway ? app.payments.gateway : null;
  const secret = app.config.stripe?.webhookSecret;

  // The signature is over the exact bytes Stripe sent: this plugin's JSON stays a raw Buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/webhooks/stripe',
    {
      schema: {
        hide: true,
        response: { 200: webhookResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (!gateway || !secret || typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw invalidSignature();
      }
      let event: Stripe.Event;
      try {
        event = gateway.stripe.webhooks.constructEvent(body, signature, secret);
      } catch {
        throw invalidSignature();
      }
      // A payment's completion asks whether its event was seen in the read of its payment.
      if (!isPaymentCompletion(event) && (await seen(app.database.db, event.id))) {
        return { received: true as const };
      }
      await apply(app, gateway, event, request.log);
      return { received: true as const };
    },
  );
};
