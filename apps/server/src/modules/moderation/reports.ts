import {
  type CreateReportInput,
  MODERATION_MESSAGES,
  REPORTS_PER_HOUR,
  type ReportAction,
  type ReportItem,
  type ReportKind,
  type ReportStatus,
} from '@slotwise/shared/moderation-schemas';
import type { filedReportSchema } from '@slotwise/shared/moderation-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { isUniqueViolationOf } from '../../db/errors';
import { reports } from '../../db/schema';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { isoMicrosTextOf, toIso } from '../../lib/iso';
import { encodeKeysetCursor } from '../../lib/keyset-cursor';
import { positionOf } from './audit-log';
import { reportableTarget, reportTargetJson } from './report-targets';

/**
 * Reports by clients and providers and the operator's queue (docs/product.md §19.3,
 * docs/decisions/072): one per person and target (the unique index decides), at most
 * REPORTS_PER_HOUR an hour per person (counted from the reports table, so every instance counts
 * the same rows), the provider concerned copied at filing.
 */

const ONE_PER_TARGET_INDEX = 'reports_one_per_reporter_target';

export type FiledReport = z.infer<typeof filedReportSchema>;

interface FiledRow {
  id: string;
  kind: ReportKind;
  target_id: string;
  reason: string;
  status: ReportStatus;
  created_at: Date | string;
}

const toFiled = (row: FiledRow): FiledReport => ({
  id: row.id,
  kind: row.kind,
  target_id: row.target_id,
  reason: row.reason,
  status: row.status,
  created_at: toIso(row.created_at),
});

/** POST /reports: the caller reports a review, a provider or a message. */
export async function fileReport(
  db: DbOrTx,
  reporterId: string,
  input: CreateReportInput,
): Promise<FiledReport> {
  const [recent] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${reports}
        where reporter_id = ${reporterId} and created_at > now() - interval '1 hour'`,
  );
  if ((recent?.n ?? 0) >= REPORTS_PER_HOUR) {
    throw new RateLimitedError(MODERATION_MESSAGES.tooManyReports);
  }
  const providerId = await reportableTarget(db, input.kind, input.targetId, reporterId);
  try {
    const [row] = await db
      .insert(reports)
      .values({
        reporterId,
        kind: input.kind,
        targetId: input.targetId,
        providerId,
        reason: input.reason,
      })
      .returning({
        id: reports.id,
        kind: reports.kind,
        target_id: reports.targetId,
        reason: reports.reason,
        status: reports.status,
        created_at: reports.createdAt,
      });
    return toFiled(row!);
  } catch (error) {
    if (isUniqueViolationOf(error, ONE_PER_TARGET_INDEX)) {
      throw new ConflictError('ALREADY_REPORTED', MODERATION_MESSAGES.alreadyReported);
    }
    throw error;
  }
}

// ---- The operator's view --------------------------------------------------------------------

interface ReportRow {
  id: string;
  kind: ReportKind;
  target_id: string;
  reason: string;
  status: ReportStatus;
  created_at: Date | string;
  position: string;
  reporter_id: string;
  reporter_name: string;
  reporter_role: string;
  target: ReportItem['target'];
  action: ReportAction | null;
  resolution_note: string | null;
  resolved_at: Date | string | null;
  admin_name: string | null;
  open_on_target: number;
}

/** The columns of a report as the operator sees it (`rp` reports, `ru` the reporter). */
const reportColumns = sql`rp.id, rp.kind, rp.target_id, rp.reason, rp.status, rp.created_at,
  ${isoMicrosTextOf(sql`rp.created_at`)} as position,
  ru.id as reporter_id, trim(ru.first_name || ' ' || ru.last_name) as reporter_name,
  ru.role as reporter_role,
  ${reportTargetJson} as target,
  rp.action, rp.resolution_note, rp.resolved_at,
  (select trim(au.first_name || ' ' || au.last_name) from users au where au.id = rp.resolved_by)
    as admin_name,
  (select count(*)::int from reports o
    where o.kind = rp.kind and o.target_id = rp.target_id and o.status = 'open') as open_on_target`;

function toItem(row: ReportRow): ReportItem {
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.target_id,
    reason: row.reason,
    status: row.status,
    created_at: toIso(row.created_at),
    reporter: { id: row.reporter_id, name: row.reporter_name, role: row.reporter_role },
    target: row.target,
    resolution:
      row.action && row.resolved_at
        ? {
            action: row.action,
            note: row.resolution_note ?? '',
            resolved_at: toIso(row.resolved_at),
            admin_name: row.admin_name ?? '',
          }
        : null,
    open_on_target: Number(row.open_on_target),
  };
}

/** One report as the operator sees it, or 404. */
export async function loadReport(db: DbOrTx, reportId: string): Promise<ReportItem> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`select ${reportColumns} from reports rp join users ru on ru.id = rp.reporter_id
        where rp.id = ${reportId}`,
  );
  if (!row) throw new NotFoundError(MODERATION_MESSAGES.reportNotFound);
  return toItem(row);
}

/**
 * GET /admin/reports: open ones oldest first (a queue), the others newest first, by keyset
 * cursor over (created_at, id); the cursor names the status it pages.
 */
export async function listReports(
  db: DbOrTx,
  query: { status: ReportStatus | 'all'; limit: number; cursor?: string | undefined },
): Promise<{ reports: ReportItem[]; nextCursor: string | null }> {
  const queue = query.status === 'open';
  const position = positionOf(query.cursor, 1);
  if (position && position.tags[0] !== query.status) {
    throw ValidationError.field('cursor', MODERATION_MESSAGES.invalidCursor);
  }
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(sql`rp.status = ${query.status}`);
  if (position) {
    conditions.push(
      queue
        ? sql`(rp.created_at, rp.id) > (${position.at}::timestamptz, ${position.id}::uuid)`
        : sql`(rp.created_at, rp.id) < (${position.at}::timestamptz, ${position.id}::uuid)`,
    );
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = queue ? sql`rp.created_at asc, rp.id asc` : sql`rp.created_at desc, rp.id desc`;
  const rows = await queryRows<ReportRow>(
    db,
    sql`select ${reportColumns} from reports rp join users ru on ru.id = rp.reporter_id
        ${where} order by ${order} limit ${query.limit + 1}`,
  );
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = more ? shown[shown.length - 1] : undefined;
  return {
    reports: shown.map(toItem),
    nextCursor: last
      ? encodeKeysetCursor({ at: last.position, id: last.id }, [query.status])
      : null,
  };
}
