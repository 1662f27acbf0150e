import type {
  resolveReportResponseSchema,
  ResolveReportInput,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type ResolveReportResponse = z.infer<typeof resolveReportResponseSchema>;

/** POST /admin/reports/:id/resolve {action, note} → {message, report} (docs/product.md §19.3). */
export function resolveReport({
  reportId,
  ...body
}: ResolveReportInput & { reportId: string }): Promise<ResolveReportResponse> {
  return apiPost<ResolveReportResponse>(
    `/admin/reports/${encodeURIComponent(reportId)}/resolve`,
    body,
  );
}

/**
 * An action moves the queue, the figures' open count, the searches and the audit log (and, for
 * a hidden review or a suspended provider, what clients see): all of them are read again.
 */
export function useResolveReport() {
  return useInvalidatingMutation(resolveReport, {
    keys: [queryKeys.admin, queryKeys.providers, queryKeys.reviews],
    when: 'settled',
  });
}
