import type { CancellationFeeTier, PaymentMode } from '@slotwise/shared/payments-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, timeslots } from '../../src/db/schema';
import { createSlot, type TestSlot } from './booking-factories';
import { createProvider, type TestUser } from './factories';
import { asUser } from './requests';

/**
 * Payments test setup (docs/decisions/068-payments.md): a provider with fee tiers and a service
 * that takes money, and slots of that service.
 */

export interface PayingProvider {
  provider: TestUser;
  serviceId: string;
  /** A free slot of the service starting in `hours` hours. */
  slot(hours: number): Promise<TestSlot>;
}

export async function createPayingProvider(
  app: FastifyInstance,
  options: {
    mode: PaymentMode;
    priceCents?: number;
    depositCents?: number;
    tiers?: CancellationFeeTier[];
    noShowFeePercent?: number;
    currency?: string;
  },
): Promise<PayingProvider> {
  const provider = await createProvider(app);
  const as = asUser(app, provider);
  const created = await as.post('/api/services', {
    name: 'Colour',
    duration_minutes: 30,
    price_cents: options.priceCents ?? 5000,
    currency: options.currency ?? 'EUR',
    payment_mode: options.mode,
    ...(options.depositCents !== undefined ? { deposit_cents: options.depositCents } : {}),
  });
  if (created.statusCode !== 201) throw new Error(`service: ${created.body}`);
  const serviceId = created.json().service.id as string;
  const policy = await as.put('/api/provider/policy', {
    minNoticeMinutes: 0,
    maxAdvanceDays: 90,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 0,
    cancellationFees: options.tiers ?? [],
    noShowFeePercent: options.noShowFeePercent ?? 0,
  });
  if (policy.statusCode !== 200) throw new Error(`policy: ${policy.body}`);
  return {
    provider,
    serviceId,
    async slot(hours: number) {
      const slot = await createSlot(app, provider.providerId!, {
        startsInMinutes: Math.round(hours * 60),
      });
      await app.database.db
        .update(timeslots)
        .set({ serviceId, type: 'Colour' })
        .where(eq(timeslots.id, slot.id));
      return { ...slot, type: 'Colour' };
    },
  };
}

/** Moves a hold's deadline into the past (the expiry job then finds it due). */
export async function expireDeadline(app: FastifyInstance, paymentId: string): Promise<void> {
  await app.database.db
    .update(payments)
    .set({ expiresAt: new Date(Date.now() - 1_000) })
    .where(eq(payments.id, paymentId));
}
