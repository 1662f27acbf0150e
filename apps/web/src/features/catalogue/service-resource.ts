import type { CreateServiceBody } from '@slotwise/shared/catalogue-schemas';

/**
 * The resource a service needs (docs/product.md §13.3): services answer `resource_id` once the
 * server knows resources; an answer without it is read as "needs nothing".
 */
export function resourceIdOf(service: object): string | null {
  return 'resource_id' in service && typeof service.resource_id === 'string'
    ? service.resource_id
    : null;
}

/** A service body with the resource it needs (null: none), sent only when it was chosen. */
export type ServiceBodyWithResource = CreateServiceBody & { resource_id?: string | null };
