import fp from 'fastify-plugin';
import { type PaymentsRuntime } from '../modules/payments/checkout';
import { paymentsConsumer } from '../modules/payments/consumer';
import { type PaymentGateway, testGateway } from '../modules/payments/gateway';
import { stripeCheckoutConsumer } from '../modules/payments/stripe-checkout';
import { createStripeGateway } from '../modules/payments/stripe-gateway';
import { registerPaymentJobs } from '../modules/payments/payment-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments (docs/decisions/068-payments.md): the provider in use and the settings. */
    payments: PaymentsRuntime;
  }
}

/**
 * Payments: the payment provider (Stripe with STRIPE_SECRET_KEY, else the embedded test
 * provider), its jobs, and its part of every appointment change (cancel and no-show fees).
 */
export const paymentsPlugin = fp(
  async (app) => {
    const stripe = app.config.stripe;
    const gateway: PaymentGateway = stripe
      ? createStripeGateway(app.database.db, { ...app.config, stripe })
      : testGateway;
    const settings = {
      platformFeePercent: app.config.platformFeePercent,
      gatewayName: gateway.name,
    };
    const runtime: PaymentsRuntime = {
      db: app.database.db,
      changes: app.appointmentChanges,
      settings,
      gateway,
    };
    app.decorate('payments', runtime);
    app.appointmentChanges.register(paymentsConsumer(settings));
    // Stripe: each new hold's Checkout Session, opened once the hold committed.
    if (stripe) {
      app.appointmentChanges.register(
        stripeCheckoutConsumer(app.database.db, gateway, settings.platformFeePercent),
      );
    }
    registerPaymentJobs(app, runtime);
  },
  { name: 'payments', dependencies: ['jobs', 'appointment-changes', 'mailer'] },
);
