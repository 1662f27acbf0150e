import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_slotwise_fake';
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_slotwise_fake';

export interface StripeTestApp extends TestApp {
  stripe: FakeStripe;
}

/**
 * A suite's real app with payments through Stripe, the Stripe API being a local fake
 * (docs/decisions/068-payments.md): `const t = useStripeApp();`, then `t.app` and `t.stripe`.
 */
export function useStripeApp(env: Record<string, string> = {}): StripeTestApp {
  let app: TestApp | undefined;
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      ...env,
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });
  const get = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useStripeApp: only while the suite runs');
    return value;
  };
  return {
    get app() {
      return get(app).app;
    },
    get testDb() {
      return get(app).testDb;
    },
    get dataDir() {
      return get(app).dataDir;
    },
    get stripe() {
      return get(fake);
    },
    close: () => get(app).close(),
  };
}

/** A Stripe event of `type` about `object`, as Stripe sends it (a fresh id unless given). */
export function stripeEvent(type: string, object: object, id = `evt_${randomUUID()}`) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Delivers an event to the webhook, signed with `secret` (the app's unless said). */
export function deliverWebhook(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? TEST_STRIPE_WEBHOOK_SECRET,
        })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
