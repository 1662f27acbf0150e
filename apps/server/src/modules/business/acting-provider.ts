import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { businessStaff, businesses } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../lib/uuid';

/**
 * `?providerId=<staff>` on the provider endpoints (docs/product.md §13.1): the owner of a business
 * acts on a staff member's records as on their own. A preValidation hook of every /api route, so
 * it runs after the route's authentication and before its handler: the request's provider
 * becomes the staff member, and every service keeps asking `providerIdOf(request)`. Anyone
 * naming a provider that is not themselves and not their staff gets a 404, as for a record of
 * someone else's. The business's own routes do not take it.
 */
export async function actAsStaffMember(request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth?.providerId) return;
  const asked = (request.query as Record<string, unknown> | undefined)?.providerId;
  if (asked === undefined || asked === auth.providerId) return;
  if (request.routeOptions.url?.startsWith('/api/business')) return;
  if (!isUuid(asked)) throw new NotFoundError(BUSINESS_MESSAGES.staffNotFound);
  const [owned] = await queryRows<{ ok: number }>(
    request.server.database.db,
    sql`select 1 as ok from ${businessStaff} s join ${businesses} b on b.id = s.business_id
      where s.provider_id = ${asked} and b.owner_provider_id = ${auth.providerId}`,
  );
  if (!owned) throw new NotFoundError(BUSINESS_MESSAGES.staffNotFound);
  request.auth = { ...auth, providerId: asked };
}
