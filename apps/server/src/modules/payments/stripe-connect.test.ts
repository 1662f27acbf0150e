import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { STRIPE_MESSAGES } from '@slotwise/shared/stripe-schemas';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentAccounts, paymentWebhookEvents } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import {
  deliverWebhook,
  stripeEvent,
  TEST_STRIPE_WEBHOOK_SECRET,
  useStripeApp,
} from '../../../test/helpers/stripe-app';

/**
 * Stripe Connect and the webhook's checks (docs/product.md §16, docs/decisions/068-payments.md):
 * a provider's Express account is created once; account.updated turns its charges on; an event
 * is applied once; an unsigned or badly signed delivery is refused and changes nothing.
 */
describe('Stripe Connect and webhooks', () => {
  const t = useStripeApp({ PUBLIC_URL: 'https://slotwise.test' });

  const eventRows = async () => t.app.database.db.select().from(paymentWebhookEvents);

  it('creates the provider’s Express account once and answers an onboarding link', async () => {
    const provider = await createProvider(t.app);
    const before = await asUser(t.app, provider).get('/api/payments/connect');
    expect(before.json()).toEqual({ charges_enabled: false, account_id: null });

    const first = await asUser(t.app, provider).post('/api/payments/connect');
    const second = await asUser(t.app, provider).post('/api/payments/connect');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const creates = t.stripe.calls('POST', '/v1/accounts');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.params).toMatchObject({ type: 'express', email: provider.email });
    expect(creates[0]!.idempotencyKey).toBe(`connect-account-${provider.id}`);
    const accountId = [...t.stripe.accounts.keys()][0]!;
    expect(first.json()).toEqual({ url: `https://connect.stripe.test/setup/e/${accountId}` });
    const links = t.stripe.calls('POST', '/v1/account_links');
    expect(links).toHaveLength(2);
    expect(links[0]!.params).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'https://slotwise.test/earnings?connect=done',
    });
    expect(links.every((link) => link.idempotencyKey !== null)).toBe(true);

    const after = await asUser(t.app, provider).get('/api/payments/connect');
    expect(after.json()).toEqual({ charges_enabled: false, account_id: accountId });
  });

  it('turns charges on at account.updated, once per event id', async () => {
    const provider = await createProvider(t.app);
    await asUser(t.app, provider).post('/api/payments/connect');
    const { account_id: accountId } = (
      await asUser(t.app, provider).get('/api/payments/connect')
    ).json();

    const enabled = stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      charges_enabled: true,
    });
    const res = await deliverWebhook(t.app, enabled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await asUser(t.app, provider).get('/api/payments/connect')).json()).toEqual({
      charges_enabled: true,
      account_id: accountId,
    });

    // The same event id again (even with another body) changes nothing.
    const replay = stripeEvent(
      'account.updated',
      { id: accountId, object: 'account', charges_enabled: false },
      enabled.id,
    );
    expect((await deliverWebhook(t.app, replay)).statusCode).toBe(200);
    const [account] = await t.app.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, provider.id));
    expect(account!.chargesEnabled).toBe(true);
    expect((await eventRows()).filter((row) => row.eventId === enabled.id)).toHaveLength(1);
  });

  it('refuses a delivery without a valid signature, and changes nothing', async () => {
    const provider = await createProvider(t.app);
    await asUser(t.app, provider).post('/api/payments/connect');
    const { account_id: accountId } = (
      await asUser(t.app, provider).get('/api/payments/connect')
    ).json();
    const event = stripeEvent('account.updated', {
      id: accountId,
      object: 'account',
      charges_enabled: true,
    });
    const rowsBefore = (await eventRows()).length;

    for (const res of [
      await deliverWebhook(t.app, event, { secret: 'whsec_someone_else' }),
      await deliverWebhook(t.app, event, { signature: null }),
      await deliverWebhook(t.app, event, { signature: 't=1,v1=deadbeef' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: PAYMENT_MESSAGES.webhookSignatureInvalid,
        error: PAYMENT_MESSAGES.webhookSignatureInvalid,
        code: 'BAD_REQUEST',
      });
    }
    // A signed body changed on the way is refused too.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: TEST_STRIPE_WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify({
        ...event,
        data: { object: { id: accountId, charges_enabled: false } },
      }),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await eventRows()).toHaveLength(rowsBefore);
    expect(
      (await asUser(t.app, provider).get('/api/payments/connect')).json().charges_enabled,
    ).toBe(false);
  });

  it('lets only providers open an account', async () => {
    const client = await createClient(t.app);
    expect((await asUser(t.app, client).post('/api/payments/connect')).statusCode).toBe(403);
    expect((await asUser(t.app, null).get('/api/payments/connect')).statusCode).toBe(401);
  });
});

describe('Stripe Connect without Stripe', () => {
  const t = useTestApp();

  it('says Stripe is not set up, and refuses every webhook', async () => {
    const provider = await createProvider(t.app);
    const res = await asUser(t.app, provider).post('/api/payments/connect');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: STRIPE_MESSAGES.stripeNotConfigured });
    const hook = await deliverWebhook(t.app, stripeEvent('account.updated', { id: 'acct_x' }));
    expect(hook.statusCode).toBe(400);
  });
});
