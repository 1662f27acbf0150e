import {
  type AdminProvider,
  type AdminReview,
  MODERATION_MESSAGES,
} from '@slotwise/shared/moderation-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { NotFoundError } from '../../errors';
import { isoMicrosTextOf, toIso } from '../../lib/iso';
import { encodeKeysetCursor, type KeysetPosition } from '../../lib/keyset-cursor';
import { positionOf } from './audit-log';

/**
 * The operator's searches (docs/product.md §19.3): providers (`q` in name, email or specialty;
 * all or suspended) and reviews (`q` in the comment, the author's or the provider's name; one
 * provider's; all or hidden), newest first by keyset cursor over (created_at, id). Hidden
 * reviews and suspended providers are shown here: this is where they are shown again.
 */

/** `q` as an ILIKE pattern that matches it literally anywhere. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

function pageOf<T extends { id: string; position: string }>(rows: T[], limit: number): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = more ? shown[shown.length - 1] : undefined;
  return {
    rows: shown,
    nextCursor: last ? encodeKeysetCursor({ at: last.position, id: last.id }) : null,
  };
}

const before = (alias: string, at: KeysetPosition) =>
  sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${at.at}::timestamptz, ${at.id}::uuid)`;

const whereAll = (conditions: SQL[]) =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

// ---- Providers -------------------------------------------------------------------------------

interface ProviderRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: Date | string;
  position: string;
  specialty: string | null;
  listed: boolean;
  suspended_at: Date | string | null;
  suspension_note: string | null;
  open_reports: number;
}

const providerSelect = sql`select p.id, p.user_id, u.first_name, u.last_name, u.email, p.created_at,
    ${isoMicrosTextOf(sql`p.created_at`)} as position, p.specialty, p.listed, p.suspended_at,
    p.suspension_note,
    (select count(*)::int from reports o where o.provider_id = p.id and o.status = 'open')
      as open_reports
  from providers p join users u on u.id = p.user_id`;

const toAdminProvider = (row: ProviderRow): AdminProvider => ({
  id: row.id,
  user_id: row.user_id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  created_at: toIso(row.created_at),
  specialty: row.specialty,
  listed: row.listed,
  suspended_at: row.suspended_at === null ? null : toIso(row.suspended_at),
  suspension_note: row.suspension_note,
  open_reports: Number(row.open_reports),
});

export async function loadAdminProvider(db: DbOrTx, providerId: string): Promise<AdminProvider> {
  const [row] = await queryRows<ProviderRow>(db, sql`${providerSelect} where p.id = ${providerId}`);
  if (!row) throw new NotFoundError(MODERATION_MESSAGES.providerNotFound);
  return toAdminProvider(row);
}

/** GET /admin/providers. */
export async function searchProviders(
  db: DbOrTx,
  query: {
    q?: string | undefined;
    status: 'all' | 'suspended';
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ providers: AdminProvider[]; nextCursor: string | null }> {
  const at = positionOf(query.cursor);
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(sql`(u.first_name || ' ' || u.last_name ilike ${pattern}
      or u.email ilike ${pattern} or coalesce(p.specialty, '') ilike ${pattern})`);
  }
  if (query.status === 'suspended') conditions.push(sql`p.suspended_at is not null`);
  if (at) conditions.push(before('p', at));
  const rows = await queryRows<ProviderRow>(
    db,
    sql`${providerSelect} ${whereAll(conditions)}
        order by p.created_at desc, p.id desc limit ${query.limit + 1}`,
  );
  const page = pageOf(rows, query.limit);
  return { providers: page.rows.map(toAdminProvider), nextCursor: page.nextCursor };
}

// ---- Reviews ---------------------------------------------------------------------------------

interface ReviewRow {
  id: string;
  provider_id: string;
  provider_name: string;
  author_name: string;
  comment: string;
  created_at: Date | string;
  position: string;
  rating: number;
  hidden_at: Date | string | null;
  open_reports: number;
}

const reviewSelect = sql`select r.id, r.provider_id,
    trim(pu.first_name || ' ' || pu.last_name) as provider_name,
    trim(cu.first_name || ' ' || cu.last_name) as author_name, r.comment, r.created_at,
    ${isoMicrosTextOf(sql`r.created_at`)} as position, r.rating, r.hidden_at,
    (select count(*)::int from reports o
      where o.kind = 'review' and o.target_id = r.id and o.status = 'open') as open_reports
  from reviews r join users cu on cu.id = r.client_id
    join providers p on p.id = r.provider_id join users pu on pu.id = p.user_id`;

const toAdminReview = (row: ReviewRow): AdminReview => ({
  id: row.id,
  provider_id: row.provider_id,
  provider_name: row.provider_name,
  author_name: row.author_name,
  comment: row.comment,
  created_at: toIso(row.created_at),
  rating: Number(row.rating),
  hidden_at: row.hidden_at === null ? null : toIso(row.hidden_at),
  open_reports: Number(row.open_reports),
});

export async function loadAdminReview(db: DbOrTx, reviewId: string): Promise<AdminReview> {
  const [row] = await queryRows<ReviewRow>(db, sql`${reviewSelect} where r.id = ${reviewId}`);
  if (!row) throw new NotFoundError(MODERATION_MESSAGES.reviewNotFound);
  return toAdminReview(row);
}

/** GET /admin/reviews. */
export async function searchReviews(
  db: DbOrTx,
  query: {
    q?: string | undefined;
    providerId?: string | undefined;
    status: 'all' | 'hidden';
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ reviews: AdminReview[]; nextCursor: string | null }> {
  const at = positionOf(query.cursor);
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(sql`(r.comment ilike ${pattern}
      or cu.first_name || ' ' || cu.last_name ilike ${pattern}
      or pu.first_name || ' ' || pu.last_name ilike ${pattern})`);
  }
  if (query.providerId) conditions.push(sql`r.provider_id = ${query.providerId}`);
  if (query.status === 'hidden') conditions.push(sql`r.hidden_at is not null`);
  if (at) conditions.push(before('r', at));
  const rows = await queryRows<ReviewRow>(
    db,
    sql`${reviewSelect} ${whereAll(conditions)}
        order by r.created_at desc, r.id desc limit ${query.limit + 1}`,
  );
  const page = pageOf(rows, query.limit);
  return { reviews: page.rows.map(toAdminReview), nextCursor: page.nextCursor };
}
