import type {
  CreateReportInput,
  fileReportResponseSchema,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type FileReportResponse = z.infer<typeof fileReportResponseSchema>;

/**
 * POST /reports {kind, targetId, reason} → 201 {message, report} (docs/product.md §19.3): 409
 * ALREADY_REPORTED for a second report of the same target. Nothing the reporter sees changes.
 */
export function fileReport(body: CreateReportInput): Promise<FileReportResponse> {
  return apiPost<FileReportResponse>('/reports', body);
}

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}
