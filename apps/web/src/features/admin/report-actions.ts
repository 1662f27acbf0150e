import type { ReportAction, ReportItem } from '@slotwise/shared/moderation-schemas';

/** The answers that fit what was reported (docs/product.md §19.3); the server checks again. */
export function actionsFor(report: ReportItem): ReportAction[] {
  if (report.status !== 'open') return [];
  const actions: ReportAction[] = ['dismiss'];
  if (report.kind === 'review' && report.target && !report.target.hidden) {
    actions.push('hide_review');
  }
  const providerTarget = report.kind === 'provider' || report.kind === 'message';
  if (providerTarget && report.target?.provider_id && !report.target.suspended) {
    actions.push('suspend_provider');
  }
  return actions;
}
