import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API for tests (docs/decisions/068-payments.md): node:http on 127.0.0.1, just the
 * endpoints Slotwise calls, Stripe-shaped JSON answers. Nothing touches the network: point
 * STRIPE_API_URL at `fake.url`. Every request is recorded with its Idempotency-Key; a key seen
 * before answers its first answer again, as Stripe does.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body, brackets unfolded: `metadata[payment_id]` → `{ metadata: { payment_id } }`. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
}

type StripeObject = Record<string, unknown> & { id: string };

interface Answer {
  status: number;
  body: unknown;
}

/** `a[b][0][c]=v` pairs into nested objects (arrays stay objects keyed '0', '1', …). */
export function unfoldForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter((part) => part !== '');
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const stripeError = (status: number, message: string, code?: string): Answer => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
});

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly sessions = new Map<string, StripeObject>();
  readonly setupIntents = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly accounts = new Map<string, StripeObject>();
  readonly customers = new Map<string, StripeObject>();
  /** Off-session charges to this payment method are declined (a card that fails later). */
  declinedMethods = new Set<string>();
  private readonly answered = new Map<string, Answer>();
  private counter = 0;
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const answer = this.handle(req, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': 'req_fake',
        });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The recorded calls of one method and path (`/v1/refunds`), oldest first. */
  calls(method: string, path: string | RegExp): FakeStripeRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  /** The client paid (mode payment) or saved a card (mode setup) on the session's page. */
  complete(sessionId: string, paymentMethod = this.nextId('pm')): StripeObject {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
    session.status = 'complete';
    if (session.mode === 'payment') {
      const intent = this.paymentIntent({
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer ?? null,
        payment_method: paymentMethod,
        metadata: session.metadata,
      });
      session.payment_intent = intent.id;
      session.payment_status = 'paid';
    } else {
      const setupIntent = this.setupIntents.get(String(session.setup_intent));
      if (setupIntent) {
        setupIntent.payment_method = paymentMethod;
        setupIntent.status = 'succeeded';
      }
      session.payment_status = 'no_payment_required';
    }
    return session;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_fake${String(this.counter).padStart(6, '0')}`;
  }

  private paymentIntent(fields: Record<string, unknown>): StripeObject {
    const intent: StripeObject = {
      id: this.nextId('pi'),
      object: 'payment_intent',
      status: 'succeeded',
      latest_charge: this.nextId('ch'),
      ...fields,
    };
    this.paymentIntents.set(intent.id, intent);
    return intent;
  }

  private handle(req: http.IncomingMessage, body: string): Answer {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const params = method === 'GET' ? unfoldForm(url.search.slice(1)) : unfoldForm(body);
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });
    if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'No key' } } };
    }
    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? this.answered.get(replayKey) : undefined;
    if (replay) return replay;
    const answer = this.route(method, url.pathname, params);
    if (replayKey) this.answered.set(replayKey, answer);
    return answer;
  }

  private route(method: string, path: string, params: Record<string, unknown>): Answer {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    const found = (map: Map<string, StripeObject>, id: string | undefined) => {
      const object = id ? map.get(id) : undefined;
      return object ? ok(object) : stripeError(404, `No such object: '${id}'`, 'resource_missing');
    };
    const [, , resource, id, action] = path.split('/');
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return ok(this.createSession(params));
    if (resource === 'checkout' && id === 'sessions' && action) {
      const [sessionId, verb] = path.split('/').slice(4);
      const session = sessionId ? this.sessions.get(sessionId) : undefined;
      if (!session) return stripeError(404, `No such checkout.session: '${sessionId}'`);
      if (method === 'GET' && verb === undefined) return ok(session);
      if (method === 'POST' && verb === 'expire') {
        if (session.status !== 'open') {
          return stripeError(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        }
        session.status = 'expired';
        return ok(session);
      }
    }
    if (method === 'GET' && resource === 'setup_intents') return found(this.setupIntents, id);
    if (method === 'GET' && resource === 'payment_intents') return found(this.paymentIntents, id);
    if (method === 'POST' && path === '/v1/payment_intents')
      return this.createPaymentIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StripeObject = {
        id: this.nextId('acct'),
        object: 'account',
        type: params.type ?? 'express',
        email: params.email ?? null,
        charges_enabled: false,
        details_submitted: false,
        metadata: params.metadata ?? {},
      };
      this.accounts.set(account.id, account);
      return ok(account);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return ok({
        object: 'account_link',
        url: `https://connect.stripe.test/setup/e/${String(params.account)}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StripeObject = {
        id: this.nextId('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: params.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  private createSession(params: Record<string, unknown>): StripeObject {
    const id = this.nextId('cs_test');
    const lineItems = (params.line_items ?? {}) as Record<string, Record<string, unknown>>;
    const amount = Object.values(lineItems).reduce((sum, item) => {
      const priceData = (item.price_data ?? {}) as Record<string, unknown>;
      return sum + Number(priceData.unit_amount ?? 0) * Number(item.quantity ?? 1);
    }, 0);
    const mode = String(params.mode);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: mode === 'payment' ? amount : null,
      currency:
        params.currency ??
        (Object.values(lineItems)[0]?.price_data as { currency?: string })?.currency ??
        null,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      setup_intent: null,
      expires_at: Number(params.expires_at ?? 0) || null,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
    };
    if (mode === 'setup') {
      const setupIntent: StripeObject = {
        id: this.nextId('seti'),
        object: 'setup_intent',
        status: 'requires_payment_method',
        customer: session.customer,
        payment_method: null,
        usage: 'off_session',
      };
      this.setupIntents.set(setupIntent.id, setupIntent);
      session.setup_intent = setupIntent.id;
    }
    this.sessions.set(id, session);
    return session;
  }

  private createPaymentIntent(params: Record<string, unknown>): Answer {
    const method = String(params.payment_method ?? '');
    if (this.declinedMethods.has(method)) {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      };
    }
    const intent = this.paymentIntent({
      amount: Number(params.amount),
      currency: params.currency,
      customer: params.customer ?? null,
      payment_method: method || null,
      off_session: params.off_session === 'true',
      confirm: params.confirm === 'true',
      metadata: params.metadata ?? {},
      application_fee_amount:
        params.application_fee_amount === undefined ? null : Number(params.application_fee_amount),
      transfer_data: params.transfer_data ?? null,
    });
    return { status: 200, body: intent };
  }

  private createRefund(params: Record<string, unknown>): Answer {
    const intentId = String(params.payment_intent ?? '');
    const intent = this.paymentIntents.get(intentId);
    if (!intent)
      return stripeError(404, `No such payment_intent: '${intentId}'`, 'resource_missing');
    const refund: StripeObject = {
      id: this.nextId('re'),
      object: 'refund',
      amount: params.amount === undefined ? intent.amount : Number(params.amount),
      currency: intent.currency,
      payment_intent: intentId,
      status: 'succeeded',
      metadata: params.metadata ?? {},
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }
}

/** A started fake Stripe. */
export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
