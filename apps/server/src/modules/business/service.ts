import {
  BUSINESS_MESSAGES,
  INVITATION_TTL_DAYS,
  MAX_RESOURCES,
  MAX_STAFF,
  type OwnBusiness,
  type StaffMember,
} from '@slotwise/shared/business-schemas';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolationOf } from '../../db/errors';
import {
  businessInvitations,
  businessResources,
  businessStaff,
  businesses,
  providers,
  users,
} from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { imageUrl } from '../../images/image-store';
import { BUSINESS_INVITATION_JOB } from '../../jobs/job-payloads';
import { enqueueJobs } from '../../jobs/job-queue';
import { toIso } from '../../lib/iso';
import { hashToken, newSingleUseToken } from '../accounts/single-use-token';
import { providerRating, providerReviewCount, toRating } from '../reviews/rating';

/**
 * A business, its staff, invitations and resources (docs/product.md §13.1,
 * docs/decisions/064-teams-and-resources.md). Only the owner changes the business; staff read it.
 */

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The business a provider belongs to (as owner or staff), or null. */
export async function membershipOf(db: DbOrTx, providerId: string) {
  const [row] = await db
    .select({ businessId: businessStaff.businessId, ownerId: businesses.ownerProviderId })
    .from(businessStaff)
    .innerJoin(businesses, eq(businesses.id, businessStaff.businessId))
    .where(eq(businessStaff.providerId, providerId))
    .limit(1);
  return row ? { businessId: row.businessId, isOwner: row.ownerId === providerId } : null;
}

/** The caller's business, when they own one (403 otherwise: only the owner changes it). */
export async function ownedBusinessOf(db: DbOrTx, providerId: string): Promise<string> {
  const member = await membershipOf(db, providerId);
  if (!member) throw new NotFoundError(BUSINESS_MESSAGES.noBusiness);
  if (!member.isOwner) throw new ForbiddenError(BUSINESS_MESSAGES.onlyOwner);
  return member.businessId;
}

/**
 * A business's staff, owner first, then by name: what both pages show (the public page without
 * suspended staff, docs/product.md §19.4).
 */
export async function staffOf(
  db: DbOrTx,
  businessId: string,
  options: { withoutSuspended?: boolean } = {},
): Promise<StaffMember[]> {
  const rows = await db
    .select({
      providerId: businessStaff.providerId,
      firstName: users.firstName,
      lastName: users.lastName,
      imageId: users.profileImageId,
      isOwner: sql<boolean>`${businesses.ownerProviderId} = ${businessStaff.providerId}`,
      rating: providerRating,
      reviewCount: providerReviewCount,
    })
    .from(businessStaff)
    .innerJoin(businesses, eq(businesses.id, businessStaff.businessId))
    .innerJoin(providers, eq(providers.id, businessStaff.providerId))
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(businessStaff.businessId, businessId),
        options.withoutSuspended ? isNull(providers.suspendedAt) : undefined,
      ),
    )
    .orderBy(
      sql`${businesses.ownerProviderId} = ${businessStaff.providerId} desc`,
      asc(users.firstName),
      asc(users.lastName),
      asc(businessStaff.providerId),
    );
  return rows.map((row) => ({
    provider_id: row.providerId,
    first_name: row.firstName,
    last_name: row.lastName,
    profile_image_url: imageUrl(row.imageId),
    is_owner: row.isOwner,
    rating: toRating(row.rating),
    review_count: row.reviewCount,
  }));
}

export async function resourcesOf(db: DbOrTx, businessId: string) {
  return db
    .select({ id: businessResources.id, name: businessResources.name })
    .from(businessResources)
    .where(eq(businessResources.businessId, businessId))
    .orderBy(asc(businessResources.name), asc(businessResources.id));
}

/** GET /business: the caller's business (null when none); invitations for the owner only. */
export async function getOwnBusiness(db: DbOrTx, providerId: string): Promise<OwnBusiness | null> {
  const member = await membershipOf(db, providerId);
  if (!member) return null;
  const [business] = await db
    .select()
    .from(businesses)
    .where(eq(businesses.id, member.businessId))
    .limit(1);
  if (!business) return null;
  const invitations = member.isOwner
    ? await db
        .select({
          id: businessInvitations.id,
          email: businessInvitations.email,
          expiresAt: businessInvitations.expiresAt,
          acceptedAt: businessInvitations.acceptedAt,
        })
        .from(businessInvitations)
        .where(
          and(
            eq(businessInvitations.businessId, business.id),
            isNull(businessInvitations.acceptedAt),
            gt(businessInvitations.expiresAt, sql`now()`),
          ),
        )
        .orderBy(asc(businessInvitations.createdAt))
    : [];
  return {
    id: business.id,
    name: business.name,
    owner_provider_id: business.ownerProviderId,
    is_owner: member.isOwner,
    staff: await staffOf(db, business.id),
    resources: await resourcesOf(db, business.id),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      expires_at: toIso(i.expiresAt),
      accepted_at: i.acceptedAt ? toIso(i.acceptedAt) : null,
    })),
  };
}

/** POST /business: the caller owns it and is its first staff member. */
export async function createBusiness(
  db: DbOrTx,
  providerId: string,
  name: string,
): Promise<OwnBusiness> {
  try {
    await db.transaction(async (tx) => {
      const [business] = await tx
        .insert(businesses)
        .values({ ownerProviderId: providerId, name })
        .returning({ id: businesses.id });
      await tx.insert(businessStaff).values({ providerId, businessId: business!.id });
    });
  } catch (error) {
    // Owner of one already, or staff of another (the staff primary key).
    if (
      isUniqueViolationOf(error, 'businesses_owner_unique') ||
      isUniqueViolationOf(error, 'business_staff_pkey')
    ) {
      throw new ConflictError('ALREADY_IN_BUSINESS', BUSINESS_MESSAGES.alreadyInBusiness);
    }
    throw error;
  }
  return (await getOwnBusiness(db, providerId))!;
}

/**
 * POST /business/invitations: a pending invitation whose link is minted and mailed by the job
 * (only the token's hash is stored; a placeholder until then). Inviting a current staff
 * member's address (the owner's own included) is refused.
 */
export async function inviteStaff(db: DbOrTx, ownerProviderId: string, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const businessId = await ownedBusinessOf(db, ownerProviderId);
  const [member] = await db
    .select({ providerId: businessStaff.providerId })
    .from(businessStaff)
    .innerJoin(providers, eq(providers.id, businessStaff.providerId))
    .innerJoin(users, eq(users.id, providers.userId))
    .where(and(eq(businessStaff.businessId, businessId), eq(users.email, email)))
    .limit(1);
  if (member) throw ValidationError.field('email', BUSINESS_MESSAGES.inviteYourself);
  const [staff] = await db
    .select({ n: count() })
    .from(businessStaff)
    .where(eq(businessStaff.businessId, businessId));
  if ((staff?.n ?? 0) >= MAX_STAFF)
    throw ValidationError.field('email', BUSINESS_MESSAGES.tooManyStaff);
  return db.transaction(async (tx) => {
    const placeholder = newSingleUseToken(INVITATION_TTL_MS);
    const [invitation] = await tx
      .insert(businessInvitations)
      .values({ businessId, email, ...placeholder.stored })
      .returning();
    await enqueueJobs(tx, [
      { kind: BUSINESS_INVITATION_JOB, payload: { invitationId: invitation!.id } },
    ]);
    return {
      id: invitation!.id,
      email: invitation!.email,
      expires_at: toIso(invitation!.expiresAt),
      accepted_at: null,
    };
  });
}

/** The invitation job's part: a fresh token for the link (the one mailed is the only one valid). */
export async function mintInvitationToken(db: DbOrTx, invitationId: string) {
  const { token, stored } = newSingleUseToken(INVITATION_TTL_MS);
  const [row] = await db
    .update(businessInvitations)
    .set(stored)
    .where(and(eq(businessInvitations.id, invitationId), isNull(businessInvitations.acceptedAt)))
    .returning({ email: businessInvitations.email, businessId: businessInvitations.businessId });
  if (!row) return null;
  const [business] = await db
    .select({ name: businesses.name, ownerFirst: users.firstName, ownerLast: users.lastName })
    .from(businesses)
    .innerJoin(providers, eq(providers.id, businesses.ownerProviderId))
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(businesses.id, row.businessId))
    .limit(1);
  if (!business) return null;
  return { token, email: row.email, business };
}

/**
 * POST /business/invitations/accept: the signed-in provider joins. The invitation is used up in
 * the same transaction (a second accept finds it used); a provider already in a business is
 * refused and the invitation stays unused.
 */
export async function acceptInvitation(
  db: DbOrTx,
  providerId: string,
  token: string,
): Promise<OwnBusiness> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        id: businessInvitations.id,
        businessId: businessInvitations.businessId,
        acceptedAt: businessInvitations.acceptedAt,
        expired: sql<boolean>`${businessInvitations.expiresAt} <= now()`,
      })
      .from(businessInvitations)
      .where(eq(businessInvitations.tokenHash, hashToken(token)))
      .for('update')
      .limit(1);
    if (!invitation) throw new NotFoundError(BUSINESS_MESSAGES.invitationNotFound);
    if (invitation.acceptedAt) {
      throw new ConflictError('INVITATION_USED', BUSINESS_MESSAGES.invitationUsed);
    }
    if (invitation.expired) {
      throw new ConflictError('INVITATION_EXPIRED', BUSINESS_MESSAGES.invitationExpired);
    }
    const joined = await tx
      .insert(businessStaff)
      .values({ providerId, businessId: invitation.businessId })
      .onConflictDoNothing()
      .returning({ providerId: businessStaff.providerId });
    if (joined.length === 0) {
      throw new ConflictError('ALREADY_IN_BUSINESS', BUSINESS_MESSAGES.alreadyInBusiness);
    }
    await tx
      .update(businessInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: providerId })
      .where(eq(businessInvitations.id, invitation.id));
  });
  return (await getOwnBusiness(db, providerId))!;
}

/** The staff member of the owner's business (404 for anyone else, the owner included). */
export async function staffMemberOf(db: DbOrTx, ownerProviderId: string, staffId: string) {
  const businessId = await ownedBusinessOf(db, ownerProviderId);
  if (staffId === ownerProviderId) throw new ValidationError(BUSINESS_MESSAGES.ownerStays);
  const [row] = await db
    .select({ providerId: businessStaff.providerId })
    .from(businessStaff)
    .where(and(eq(businessStaff.businessId, businessId), eq(businessStaff.providerId, staffId)))
    .limit(1);
  if (!row) throw new NotFoundError(BUSINESS_MESSAGES.staffNotFound);
  return businessId;
}

/** POST /business/resources. */
export async function createResource(db: DbOrTx, ownerProviderId: string, name: string) {
  const businessId = await ownedBusinessOf(db, ownerProviderId);
  const [existing] = await db
    .select({ n: count() })
    .from(businessResources)
    .where(eq(businessResources.businessId, businessId));
  if ((existing?.n ?? 0) >= MAX_RESOURCES) {
    throw ValidationError.field('name', BUSINESS_MESSAGES.tooManyResources);
  }
  const [resource] = await db
    .insert(businessResources)
    .values({ businessId, name })
    .returning({ id: businessResources.id, name: businessResources.name });
  return resource!;
}

/** DELETE /business/resources/:id: services that needed it need nothing any more (set null). */
export async function deleteResource(db: DbOrTx, ownerProviderId: string, resourceId: string) {
  const businessId = await ownedBusinessOf(db, ownerProviderId);
  const deleted = await db
    .delete(businessResources)
    .where(and(eq(businessResources.id, resourceId), eq(businessResources.businessId, businessId)))
    .returning({ id: businessResources.id });
  if (deleted.length === 0) throw new NotFoundError(BUSINESS_MESSAGES.resourceNotFound);
}
