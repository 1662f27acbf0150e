import { MODERATION_MESSAGES, type ReportKind } from '@slotwise/shared/moderation-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError, ValidationError } from '../../errors';

/**
 * What can be reported (docs/product.md §19.3): a review shown publicly, a listed provider, or a
 * message of a conversation the reporter is part of, sent by the other side. Anything else is
 * 'Nothing to report was found' (404); one's own review, listing or message is 400.
 */

interface TargetRow {
  /** The provider concerned: the reviewed one, the reported one, the message's provider side. */
  provider_id: string;
  /** The reporter wrote the review, is the provider, or sent the message. */
  own: boolean;
}

const targetQueries: Record<ReportKind, (targetId: string, reporterId: string) => SQL> = {
  review: (targetId, reporterId) => sql`select r.provider_id, r.client_id = ${reporterId} as own
    from reviews r join providers p on p.id = r.provider_id
    where r.id = ${targetId} and r.hidden_at is null and p.listed`,
  provider: (
    targetId,
    reporterId,
  ) => sql`select p.id as provider_id, p.user_id = ${reporterId} as own
    from providers p where p.id = ${targetId} and p.listed`,
  message: (targetId, reporterId) => sql`select c.provider_id, m.sender_id = ${reporterId} as own
    from messages m join conversations c on c.id = m.conversation_id
    where m.id = ${targetId} and (c.client_id = ${reporterId} or c.provider_user_id = ${reporterId})`,
};

/** The provider a new report concerns, or the 404 / 400 that refuses it. */
export async function reportableTarget(
  db: DbOrTx,
  kind: ReportKind,
  targetId: string,
  reporterId: string,
): Promise<string> {
  const [row] = await queryRows<TargetRow>(db, targetQueries[kind](targetId, reporterId));
  if (!row) throw new NotFoundError(MODERATION_MESSAGES.targetNotFound);
  if (row.own) throw ValidationError.field('targetId', MODERATION_MESSAGES.cannotReportSelf);
  return row.provider_id;
}

/**
 * The reported thing as it is now, as JSON in `reportTargetSchema`'s shape (null when it is gone):
 * a SELECT expression over a `reports` row aliased `rp`.
 */
export const reportTargetJson: SQL = sql`case rp.kind
  when 'review' then (select json_build_object('kind', 'review', 'id', r.id,
      'provider_id', r.provider_id, 'provider_name', trim(pu.first_name || ' ' || pu.last_name),
      'text', r.comment, 'rating', r.rating,
      'author_name', trim(cu.first_name || ' ' || cu.last_name),
      'hidden', r.hidden_at is not null, 'suspended', p.suspended_at is not null)
    from reviews r join users cu on cu.id = r.client_id
      join providers p on p.id = r.provider_id join users pu on pu.id = p.user_id
    where r.id = rp.target_id)
  when 'provider' then (select json_build_object('kind', 'provider', 'id', p.id,
      'provider_id', p.id, 'provider_name', trim(pu.first_name || ' ' || pu.last_name),
      'text', trim(coalesce(p.specialty, '') || E'\n' || coalesce(p.bio, '')), 'rating', null,
      'author_name', null, 'hidden', null, 'suspended', p.suspended_at is not null)
    from providers p join users pu on pu.id = p.user_id
    where p.id = rp.target_id)
  else (select json_build_object('kind', 'message', 'id', m.id,
      'provider_id', c.provider_id, 'provider_name', trim(pu.first_name || ' ' || pu.last_name),
      'text', m.body, 'rating', null,
      'author_name', trim(su.first_name || ' ' || su.last_name),
      'hidden', null, 'suspended', p.suspended_at is not null)
    from messages m join conversations c on c.id = m.conversation_id
      join users su on su.id = m.sender_id
      join providers p on p.id = c.provider_id join users pu on pu.id = p.user_id
    where m.id = rp.target_id)
  end`;

/** What a report's target allows besides dismissing it. */
export interface ActionableTarget {
  /** A review report: the review. */
  reviewId: string | null;
  /** A provider report, or a message the provider sent: the provider to suspend. */
  suspendableProviderId: string | null;
}

/** The review to hide or the provider to suspend for a report (null: neither fits). */
export async function actionableTarget(
  db: DbOrTx,
  kind: ReportKind,
  targetId: string,
): Promise<ActionableTarget> {
  if (kind === 'review') {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from reviews where id = ${targetId}`,
    );
    return { reviewId: row?.id ?? null, suspendableProviderId: null };
  }
  if (kind === 'provider') {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from providers where id = ${targetId}`,
    );
    return { reviewId: null, suspendableProviderId: row?.id ?? null };
  }
  // A message: only one the provider sent names a provider to suspend.
  const [row] = await queryRows<{ provider_id: string }>(
    db,
    sql`select c.provider_id from messages m join conversations c on c.id = m.conversation_id
      where m.id = ${targetId} and m.sender_id = c.provider_user_id`,
  );
  return { reviewId: null, suspendableProviderId: row?.provider_id ?? null };
}
