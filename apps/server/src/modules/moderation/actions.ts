import {
  type AdminProvider,
  type AuditAction,
  type AdminReview,
  MODERATION_MESSAGES,
  type ReportAction,
  type ReportItem,
  type ReportKind,
  type ResolveReportInput,
} from '@slotwise/shared/moderation-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { inTransaction } from '../appointments/transaction';
import { loadAdminProvider, loadAdminReview } from './admin-search';
import { recordAction } from './audit-log';
import { actionableTarget } from './report-targets';
import { loadReport } from './reports';
import { reinstateProvider, suspendProvider } from './suspension';

/**
 * The operator's actions (docs/product.md §19.3, docs/decisions/072): resolving a report, and
 * the direct actions of the search (hide / show a review, suspend / reinstate a provider). Each
 * is one transaction with its audit row; an action resolves every open report of its target.
 */

/** Resolves every open report of the target (already locked by the caller, or about to be). */
async function resolveOpenReports(
  tx: DbOrTx,
  target: { kind: ReportKind; targetId: string },
  action: ReportAction,
  adminId: string,
  note: string,
): Promise<void> {
  await queryRows(
    tx,
    sql`update reports
        set status = ${action === 'dismiss' ? 'dismissed' : 'actioned'}, action = ${action},
            resolved_by = ${adminId}, resolved_at = now(), resolution_note = ${note}
        where kind = ${target.kind} and target_id = ${target.targetId} and status = 'open'`,
  );
}

/**
 * A direct action's audit row (no report), and — for hiding and suspending — every open report
 * of its target resolved with it, in the action's transaction.
 */
async function recordDirectAction(
  tx: DbOrTx,
  adminId: string,
  action: AuditAction,
  target: { kind: 'review' | 'provider'; id: string },
  note: string,
  resolvesAs: ReportAction | null,
): Promise<void> {
  await recordAction(tx, {
    adminId,
    action,
    targetKind: target.kind,
    targetId: target.id,
    reportId: null,
    note,
  });
  if (resolvesAs) {
    await resolveOpenReports(
      tx,
      { kind: target.kind, targetId: target.id },
      resolvesAs,
      adminId,
      note,
    );
  }
}

/** Hides the review unless it is hidden already (then nothing changes); false when absent. */
async function hide(tx: DbOrTx, reviewId: string): Promise<'hidden' | 'already' | 'absent'> {
  const [row] = await queryRows<{ hidden: boolean }>(
    tx,
    sql`select hidden_at is not null as hidden from reviews where id = ${reviewId} for update`,
  );
  if (!row) return 'absent';
  if (row.hidden) return 'already';
  // The rating trigger (0022) takes it out of the provider's rating in this transaction.
  await queryRows(
    tx,
    sql`update reviews set hidden_at = now(), updated_at = now() where id = ${reviewId}`,
  );
  return 'hidden';
}

/** POST /admin/reports/:id/resolve. */
export async function resolveReport(
  db: DbOrTx,
  adminId: string,
  reportId: string,
  input: ResolveReportInput,
): Promise<{ message: string; report: ReportItem }> {
  const message = await inTransaction(db, async (tx) => {
    const [report] = await queryRows<{ kind: ReportKind; target_id: string }>(
      tx,
      sql`select kind, target_id from reports where id = ${reportId}`,
    );
    if (!report) throw new NotFoundError(MODERATION_MESSAGES.reportNotFound);
    const target = { kind: report.kind, targetId: report.target_id };
    // The target's reports, locked in one order: two operators resolving two of them queue.
    const locked = await queryRows<{ id: string; status: string }>(
      tx,
      sql`select id, status from reports where kind = ${target.kind} and target_id = ${target.targetId}
          order by id for update`,
    );
    const actionable = await actionableTarget(tx, target.kind, target.targetId);
    const fits =
      input.action === 'dismiss' ||
      (input.action === 'hide_review' && actionable.reviewId !== null) ||
      (input.action === 'suspend_provider' && actionable.suspendableProviderId !== null);
    if (!fits) throw ValidationError.field('action', MODERATION_MESSAGES.actionNotApplicable);
    if (locked.find((row) => row.id === reportId)?.status !== 'open') {
      throw new ConflictError('INVALID_STATE', MODERATION_MESSAGES.reportAlreadyResolved);
    }
    let said: string;
    if (input.action === 'hide_review') {
      await hide(tx, actionable.reviewId!);
      await recordAction(tx, {
        adminId,
        action: 'hide_review',
        targetKind: 'review',
        targetId: actionable.reviewId!,
        reportId,
        note: input.note,
      });
      said = MODERATION_MESSAGES.reviewHidden;
    } else if (input.action === 'suspend_provider') {
      const providerId = actionable.suspendableProviderId!;
      const [state] = await queryRows<{ suspended: boolean }>(
        tx,
        sql`select suspended_at is not null as suspended from providers where id = ${providerId}`,
      );
      // Suspended since the report was filed: the report is resolved, nobody is told again.
      if (!state?.suspended) await suspendProvider(tx, providerId, input.note);
      await recordAction(tx, {
        adminId,
        action: 'suspend_provider',
        targetKind: 'provider',
        targetId: providerId,
        reportId,
        note: input.note,
      });
      said = MODERATION_MESSAGES.providerSuspended;
    } else {
      await recordAction(tx, {
        adminId,
        action: 'dismiss_report',
        targetKind: 'report',
        targetId: reportId,
        reportId,
        note: input.note,
      });
      said = MODERATION_MESSAGES.reportDismissed;
    }
    await resolveOpenReports(tx, target, input.action, adminId, input.note);
    return said;
  });
  return { message, report: await loadReport(db, reportId) };
}

/** POST /admin/reviews/:id/hide: hidden, its open reports resolved. */
export async function hideReview(
  db: DbOrTx,
  adminId: string,
  reviewId: string,
  note: string,
): Promise<AdminReview> {
  await inTransaction(db, async (tx) => {
    const outcome = await hide(tx, reviewId);
    if (outcome === 'absent') throw new NotFoundError(MODERATION_MESSAGES.reviewNotFound);
    if (outcome === 'already') {
      throw new ConflictError('INVALID_STATE', MODERATION_MESSAGES.reviewAlreadyHidden);
    }
    await recordDirectAction(
      tx,
      adminId,
      'hide_review',
      { kind: 'review', id: reviewId },
      note,
      'hide_review',
    );
  });
  return loadAdminReview(db, reviewId);
}

/** POST /admin/reviews/:id/unhide: shown again, back in the rating. */
export async function unhideReview(
  db: DbOrTx,
  adminId: string,
  reviewId: string,
  note: string,
): Promise<AdminReview> {
  await inTransaction(db, async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update reviews set hidden_at = null, updated_at = now()
          where id = ${reviewId} and hidden_at is not null returning id`,
    );
    if (!row) {
      const [exists] = await queryRows<{ id: string }>(
        tx,
        sql`select id from reviews where id = ${reviewId}`,
      );
      if (!exists) throw new NotFoundError(MODERATION_MESSAGES.reviewNotFound);
      throw new ConflictError('INVALID_STATE', MODERATION_MESSAGES.reviewNotHidden);
    }
    await recordDirectAction(
      tx,
      adminId,
      'unhide_review',
      { kind: 'review', id: reviewId },
      note,
      null,
    );
  });
  return loadAdminReview(db, reviewId);
}

/** POST /admin/providers/:id/suspend: suspended (see suspension.ts), its open reports resolved. */
export async function suspendProviderDirectly(
  db: DbOrTx,
  adminId: string,
  providerId: string,
  note: string,
): Promise<AdminProvider> {
  await inTransaction(db, async (tx) => {
    await suspendProvider(tx, providerId, note);
    await recordDirectAction(
      tx,
      adminId,
      'suspend_provider',
      { kind: 'provider', id: providerId },
      note,
      'suspend_provider',
    );
  });
  return loadAdminProvider(db, providerId);
}

/** POST /admin/providers/:id/reinstate: listed again as before. */
export async function reinstateProviderDirectly(
  db: DbOrTx,
  adminId: string,
  providerId: string,
  note: string,
): Promise<AdminProvider> {
  await inTransaction(db, async (tx) => {
    await reinstateProvider(tx, providerId);
    await recordDirectAction(
      tx,
      adminId,
      'reinstate_provider',
      { kind: 'provider', id: providerId },
      note,
      null,
    );
  });
  return loadAdminProvider(db, providerId);
}
