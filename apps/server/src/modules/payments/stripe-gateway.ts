import { percentOf } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentAccounts, payments, providers } from '../../db/schema';
import type { CheckoutRequest, PaymentGateway } from './gateway';

/**
 * Payments through Stripe (docs/product.md §16, docs/decisions/068-payments.md): a Checkout
 * Session per hold (mode 'payment' for a deposit or a prepayment, 'setup' to keep a card on
 * file), refunds, off-session charges of a saved card, and the Connect account a provider is
 * paid into. Every call carries an idempotency key, so a retry never moves money twice.
 */

export type StripeSettings = NonNullable<Config['stripe']>;

/** Stripe keeps a Checkout Session open 30 minutes at least and 24 hours at most. */
const SESSION_MIN_MS = 31 * 60_000;
const SESSION_MAX_MS = 23 * 60 * 60_000;

/** A Stripe client; `apiUrl` (tests: a local fake) replaces api.stripe.com. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    const https = url.protocol === 'https:';
    options.host = url.hostname;
    options.port = url.port || (https ? 443 : 80);
    options.protocol = https ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, options);
}

/** The provider's Connect account, when it can take charges (the destination of their money). */
async function connectDestination(db: Db, providerUserId: string): Promise<string | null> {
  const [account] = await db
    .select({ id: paymentAccounts.stripeAccountId, enabled: paymentAccounts.chargesEnabled })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, providerUserId));
  return account?.id && account.enabled ? account.id : null;
}

/** The user id of a payment's provider (for the Connect account of a later charge or refund). */
async function providerUserOf(db: Db, paymentId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: providers.userId })
    .from(payments)
    .innerJoin(providers, eq(providers.id, payments.providerId))
    .where(eq(payments.id, paymentId));
  return row?.userId ?? null;
}

/** A Stripe error that says the session can no longer be expired (already expired or paid). */
function isNotOpen(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400;
}

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;

  constructor(
    readonly stripe: Stripe,
    private readonly db: Db,
    private readonly options: { publicUrl: string; platformFeePercent: number },
  ) {}

  /** The client's Stripe customer, created once (a saved card belongs to a customer). */
  async customerFor(userId: string, email: string): Promise<string> {
    const [known] = await this.db
      .select({ id: paymentAccounts.stripeCustomerId })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId));
    if (known?.id) return known.id;
    const customer = await this.stripe.customers.create(
      { email, metadata: { user_id: userId } },
      { idempotencyKey: `customer-${userId}` },
    );
    await this.db
      .insert(paymentAccounts)
      .values({ userId, stripeCustomerId: customer.id })
      .onConflictDoUpdate({
        target: paymentAccounts.userId,
        set: { stripeCustomerId: customer.id, updatedAt: new Date() },
      });
    return customer.id;
  }

  async createCheckout(req: CheckoutRequest): Promise<{ ref: string | null; url: string }> {
    const returnUrl = `${this.options.publicUrl}/pay/${req.paymentId}`;
    const now = Date.now();
    // The hold may be shorter than Stripe's shortest session: the expiry job expires it early.
    const expiresAt = Math.min(
      Math.max(req.expiresAt.getTime(), now + SESSION_MIN_MS),
      now + SESSION_MAX_MS,
    );
    const metadata = { payment_id: req.paymentId, appointment_id: req.appointmentId };
    const common = {
      client_reference_id: req.paymentId,
      metadata,
      success_url: `${returnUrl}?checkout=success`,
      cancel_url: `${returnUrl}?checkout=cancel`,
      expires_at: Math.floor(expiresAt / 1000),
    } satisfies Stripe.Checkout.SessionCreateParams;
    const currency = req.currency.toLowerCase();
    let params: Stripe.Checkout.SessionCreateParams;
    if (req.mode === 'card_on_file') {
      params = {
        ...common,
        mode: 'setup',
        currency,
        customer:
          req.known?.customerId ?? (await this.customerFor(req.clientUserId, req.clientEmail)),
        setup_intent_data: { metadata, description: req.description },
      };
    } else {
      const destination = req.known
        ? req.known.connectAccountId
        : await connectDestination(this.db, req.providerUserId);
      params = {
        ...common,
        mode: 'payment',
        customer_email: req.clientEmail,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: req.amountCents,
              product_data: { name: req.description },
            },
          },
        ],
        payment_intent_data: {
          metadata,
          description: req.description,
          ...(destination
            ? {
                transfer_data: { destination },
                ...(req.platformFeeCents > 0
                  ? { application_fee_amount: req.platformFeeCents }
                  : {}),
              }
            : {}),
        },
      };
    }
    const session = await this.stripe.checkout.sessions.create(params, {
      idempotencyKey: `checkout-${req.paymentId}`,
    });
    if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no url`);
    return { ref: session.id, url: session.url };
  }

  /** The PaymentIntent behind a reference: itself, or the one of a completed Checkout Session. */
  private async paymentIntentOf(gatewayRef: string | null): Promise<string> {
    if (!gatewayRef) throw new Error('Stripe refund: the payment has no Stripe reference');
    if (!gatewayRef.startsWith('cs_')) return gatewayRef;
    const session = await this.stripe.checkout.sessions.retrieve(gatewayRef);
    const intent = session.payment_intent;
    if (!intent) throw new Error(`Stripe refund: checkout session ${gatewayRef} was not paid`);
    return typeof intent === 'string' ? intent : intent.id;
  }

  async refund(req: {
    paymentId: string;
    gatewayRef: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    const paymentIntent = await this.paymentIntentOf(req.gatewayRef);
    const providerUser = await providerUserOf(this.db, req.paymentId);
    const connected = providerUser ? await connectDestination(this.db, providerUser) : null;
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: req.amountCents,
        metadata: { payment_id: req.paymentId },
        // A destination charge: the provider's share goes back too, with the platform's fee.
        ...(connected ? { reverse_transfer: true, refund_application_fee: true } : {}),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    return { ref: refund.id };
  }

  async chargeSavedCard(req: {
    paymentId: string;
    gatewayMethod: string | null;
    customer: string | null;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    if (!req.gatewayMethod) throw new Error('Stripe charge: the payment has no saved card');
    const providerUser = await providerUserOf(this.db, req.paymentId);
    const destination = providerUser ? await connectDestination(this.db, providerUser) : null;
    const fee = percentOf(req.amountCents, this.options.platformFeePercent);
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: req.amountCents,
        currency: req.currency.toLowerCase(),
        payment_method: req.gatewayMethod,
        ...(req.customer ? { customer: req.customer } : {}),
        off_session: true,
        confirm: true,
        metadata: { payment_id: req.paymentId },
        ...(destination
          ? {
              transfer_data: { destination },
              ...(fee > 0 ? { application_fee_amount: fee } : {}),
            }
          : {}),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    return { ref: intent.id };
  }

  async cancelCheckout(ref: string | null): Promise<void> {
    if (!ref?.startsWith('cs_')) return;
    try {
      await this.stripe.checkout.sessions.expire(ref, {}, { idempotencyKey: `expire-${ref}` });
    } catch (error) {
      // Already expired, or completed meanwhile (its webhook settles it): nothing to cancel.
      if (!isNotOpen(error)) throw error;
    }
  }

  /** The provider's Connect account, created once (docs/decisions/068-payments.md). */
  async connectAccount(userId: string, email: string): Promise<string> {
    const [known] = await this.db
      .select({ id: paymentAccounts.stripeAccountId })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId));
    if (known?.id) return known.id;
    const account = await this.stripe.accounts.create(
      { type: 'express', email, metadata: { user_id: userId } },
      { idempotencyKey: `connect-account-${userId}` },
    );
    await this.db
      .insert(paymentAccounts)
      .values({ userId, stripeAccountId: account.id, chargesEnabled: account.charges_enabled })
      .onConflictDoUpdate({
        target: paymentAccounts.userId,
        set: {
          stripeAccountId: account.id,
          chargesEnabled: account.charges_enabled,
          updatedAt: new Date(),
        },
      });
    return account.id;
  }

  /** A one-time onboarding link of the account (each visit asks for a fresh one). */
  async onboardingLink(accountId: string, linkKey: string): Promise<string> {
    const back = `${this.options.publicUrl}/earnings`;
    const link = await this.stripe.accountLinks.create(
      {
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${back}?connect=refresh`,
        return_url: `${back}?connect=done`,
      },
      { idempotencyKey: `account-link-${accountId}-${linkKey}` },
    );
    return link.url;
  }
}

/** The Stripe gateway of the app's settings. */
export function createStripeGateway(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'platformFeePercent'> & { stripe: StripeSettings },
): StripeGateway {
  return new StripeGateway(createStripeClient(config.stripe), db, {
    publicUrl: config.publicUrl,
    platformFeePercent: config.platformFeePercent,
  });
}
