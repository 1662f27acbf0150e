import {
  CATALOGUE_MESSAGES,
  type CreateServiceBody,
  createServiceBodySchema,
  MAX_SERVICES_PER_PROVIDER,
  type Service,
  type UpdateServiceBody,
  updateServiceBodySchema,
} from '@slotwise/shared/catalogue-schemas';
import { PAYMENT_MESSAGES, type PaymentMode } from '@slotwise/shared/payments-schemas';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  appointments,
  businessResources,
  businessStaff,
  businesses,
  services,
} from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { parseWith } from '../../lib/validation';
import { firstOrNotFound } from '../../lib/first-row';

/**
 * A provider's services (docs/product.md §11): own only — another provider's service is "not found".
 * A service that has ever been booked is archived (active = false) instead of deleted, so its
 * appointments keep pointing at it; their name and price were copied at booking time anyway.
 */

/** The docs/product.md §11 fields a client is shown of an offered (active) service. */
export const offeredServiceColumns = {
  id: services.id,
  name: services.name,
  duration_minutes: services.durationMinutes,
  price_cents: services.priceCents,
  currency: services.currency,
  description: services.description,
  /** What booking it takes (docs/decisions/068-payments.md): shown before the client confirms. */
  payment_mode: services.paymentMode,
  deposit_cents: services.depositCents,
};

/** The docs/product.md §11 fields, and nothing else. */
export const serviceColumns = {
  ...offeredServiceColumns,
  active: services.active,
  resource_id: services.resourceId,
};

/** The row of service `id`, if it is the provider's: anyone else's is "not found". */
const ownService = (providerId: string, id: string) =>
  and(eq(services.id, id), eq(services.providerId, providerId));

/** GET /services: the provider's services, active first, then by name. */
export async function listServices(db: DbOrTx, providerId: string): Promise<Service[]> {
  return db
    .select(serviceColumns)
    .from(services)
    .where(eq(services.providerId, providerId))
    .orderBy(desc(services.active), asc(services.name), asc(services.id));
}

/** One of the provider's services, or 404. */
export async function getOwnService(db: DbOrTx, providerId: string, id: string): Promise<Service> {
  return firstOrNotFound(
    db.select(serviceColumns).from(services).where(ownService(providerId, id)).limit(1),
    CATALOGUE_MESSAGES.serviceNotFound,
  );
}

/** POST /services. */
export async function createService(
  db: DbOrTx,
  providerId: string,
  body: CreateServiceBody,
): Promise<Service> {
  const input = parseWith(createServiceBodySchema, body);
  checkPaymentTerms(input.payment_mode, input.deposit_cents ?? null, input.price_cents);
  if (input.resource_id) await checkServiceResource(db, providerId, input.resource_id);
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(eq(services.providerId, providerId));
    if ((count?.n ?? 0) >= MAX_SERVICES_PER_PROVIDER) {
      throw new ConflictError(
        'INVALID_STATE',
        `A provider can offer at most ${MAX_SERVICES_PER_PROVIDER} services`,
      );
    }
    const [row] = await tx
      .insert(services)
      .values({
        providerId,
        name: input.name,
        durationMinutes: input.duration_minutes,
        priceCents: input.price_cents,
        currency: input.currency,
        description: input.description,
        active: input.active,
        resourceId: input.resource_id ?? null,
        paymentMode: input.payment_mode,
        depositCents: input.payment_mode === 'deposit' ? (input.deposit_cents ?? null) : null,
      })
      .returning(serviceColumns);
    return row!;
  });
}

/** PATCH /services/:id: only the sent fields change. Booked appointments keep their copy. */
export async function updateService(
  db: DbOrTx,
  providerId: string,
  id: string,
  body: UpdateServiceBody,
): Promise<Service> {
  const input = parseWith(updateServiceBodySchema, body);
  const values: Partial<typeof services.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) values.name = input.name;
  if (input.duration_minutes !== undefined) values.durationMinutes = input.duration_minutes;
  if (input.price_cents !== undefined) values.priceCents = input.price_cents;
  if (input.currency !== undefined) values.currency = input.currency;
  if (input.description !== undefined) values.description = input.description;
  if (input.active !== undefined) values.active = input.active;
  if (input.resource_id !== undefined) {
    if (input.resource_id) await checkServiceResource(db, providerId, input.resource_id);
    values.resourceId = input.resource_id;
  }
  if (
    input.payment_mode !== undefined ||
    input.deposit_cents !== undefined ||
    input.price_cents !== undefined
  ) {
    const current = await getOwnService(db, providerId, id);
    const mode = input.payment_mode ?? current.payment_mode ?? 'none';
    const deposit = input.deposit_cents !== undefined ? input.deposit_cents : (current.deposit_cents ?? null);
    checkPaymentTerms(mode, deposit, input.price_cents ?? current.price_cents);
    values.paymentMode = mode;
    values.depositCents = mode === 'deposit' ? deposit : null;
  }
  return firstOrNotFound(
    db.update(services).set(values).where(ownService(providerId, id)).returning(serviceColumns),
    CATALOGUE_MESSAGES.serviceNotFound,
  );
}

/**
 * DELETE /services/:id: deleted when it was never booked (its free slots keep their type and
 * lose the link), archived when any appointment names it.
 */
export async function deleteService(
  db: DbOrTx,
  providerId: string,
  id: string,
): Promise<{ archived: boolean; service: Service | null }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: services.id })
      .from(services)
      .where(ownService(providerId, id))
      .limit(1)
      .for('update');
    if (!current) throw new NotFoundError(CATALOGUE_MESSAGES.serviceNotFound);
    const [booked] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.serviceId, id))
      .limit(1);
    if (booked) {
      const [row] = await tx
        .update(services)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning(serviceColumns);
      return { archived: true, service: row! };
    }
    await tx.delete(services).where(eq(services.id, id));
    return { archived: false, service: null };
  });
}

/**
 * A service the provider may offer on a slot: their own, or (a staff member) one of their
 * business owner's (docs/product.md §13.1).
 */
const offeredBy = (providerId: string) =>
  sql`(${services.providerId} = ${providerId} or ${services.providerId} = (
    select b.owner_provider_id from ${businessStaff} bs join ${businesses} b on b.id = bs.business_id
    where bs.provider_id = ${providerId}))`;

/**
 * A resource a provider's service may name: one of their business's (a 400 for anything else,
 * so another business's ids tell nothing).
 */
/** A service that takes money has a price; a deposit is set and at most the price. */
function checkPaymentTerms(mode: PaymentMode, depositCents: number | null, priceCents: number) {
  if (mode !== 'none' && priceCents <= 0) {
    throw ValidationError.field('payment_mode', PAYMENT_MESSAGES.depositNeedsPrice);
  }
  if (mode === 'deposit' && (depositCents === null || depositCents > priceCents)) {
    throw ValidationError.field('deposit_cents', PAYMENT_MESSAGES.depositInvalid);
  }
}

async function checkServiceResource(db: DbOrTx, providerId: string, resourceId: string) {
  const [row] = await db
    .select({ id: businessResources.id })
    .from(businessResources)
    .innerJoin(businessStaff, eq(businessStaff.businessId, businessResources.businessId))
    .where(and(eq(businessResources.id, resourceId), eq(businessStaff.providerId, providerId)))
    .limit(1);
  if (!row) throw ValidationError.field('resource_id', CATALOGUE_MESSAGES.resourceInvalid);
}

/**
 * The service a new slot names: the provider's own (or their business owner's) and active one (400 otherwise — the slot
 * form sent an id it should not have; another provider's id is indistinguishable from an
 * unknown one).
 */
export async function serviceForSlot(
  db: DbOrTx,
  providerId: string,
  serviceId: string,
): Promise<{ id: string; name: string; durationMinutes: number }> {
  const [row] = await db
    .select({
      id: services.id,
      name: services.name,
      durationMinutes: services.durationMinutes,
      active: services.active,
    })
    .from(services)
    .where(and(eq(services.id, serviceId), offeredBy(providerId)))
    .limit(1);
  if (!row) throw ValidationError.field('serviceId', CATALOGUE_MESSAGES.serviceNotFound);
  if (!row.active) throw ValidationError.field('serviceId', CATALOGUE_MESSAGES.serviceInactive);
  return row;
}
