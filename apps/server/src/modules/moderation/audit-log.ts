import {
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
  MODERATION_MESSAGES,
} from '@slotwise/shared/moderation-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { ValidationError } from '../../errors';
import { isoMicrosTextOf, toIso } from '../../lib/iso';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';

/**
 * The append-only audit log (docs/product.md §19.3, docs/decisions/072): every operator action
 * is one row, written in the action's own transaction. A trigger (0022) refuses UPDATE, DELETE
 * and TRUNCATE, whatever the code does.
 */

export interface AuditRecord {
  adminId: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  reportId: string | null;
  note: string;
}

/** Writes the action's row; call inside the action's transaction. */
export async function recordAction(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(adminAuditLog).values(record);
}

interface AuditRow {
  id: string;
  admin_id: string;
  admin_name: string;
  action: AuditAction;
  target_kind: AuditTargetKind;
  target_id: string;
  report_id: string | null;
  note: string;
  created_at: Date | string;
  position: string;
}

/** A page's cursor or the 400 that refuses it. */
export function positionOf(cursor: string | undefined, tagCount = 0) {
  if (cursor === undefined) return null;
  const position = decodeKeysetCursor(cursor, tagCount);
  if (!position) throw ValidationError.field('cursor', MODERATION_MESSAGES.invalidCursor);
  return position;
}

/** GET /admin/audit: newest first, by keyset cursor over (created_at, id). */
export async function listAudit(
  db: DbOrTx,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const after = positionOf(page.cursor);
  const rows = await queryRows<AuditRow>(
    db,
    sql`select l.id, l.admin_id, trim(u.first_name || ' ' || u.last_name) as admin_name, l.action,
          l.target_kind, l.target_id, l.report_id, l.note, l.created_at,
          ${isoMicrosTextOf(sql`l.created_at`)} as position
        from admin_audit_log l join users u on u.id = l.admin_id
        ${after ? sql`where (l.created_at, l.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by l.created_at desc, l.id desc
        limit ${page.limit + 1}`,
  );
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = more ? shown[shown.length - 1] : undefined;
  return {
    entries: shown.map((row) => ({
      id: row.id,
      admin: { id: row.admin_id, name: row.admin_name },
      action: row.action,
      target_kind: row.target_kind,
      target_id: row.target_id,
      report_id: row.report_id,
      note: row.note,
      created_at: toIso(row.created_at),
    })),
    nextCursor: last ? encodeKeysetCursor({ at: last.position, id: last.id }) : null,
  };
}
