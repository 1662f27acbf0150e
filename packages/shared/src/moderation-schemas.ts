import {
  cursorPageOf,
  idParamsOf,
  messageWith,
  nullableStringFields,
  pageLimitField,
  stringFields,
} from './common-schemas';
import { z } from './zod';
import { msg } from './locales';

/**
 * Operating the marketplace (docs/product.md §19, docs/decisions/072-operating-the-marketplace.md):
 * reports by clients and providers, the operator's actions on them, suspension and the audit log.
 */

/** What can be reported: a review, a provider, or a message sent to the reporter. */
export const REPORT_KINDS = ['review', 'provider', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** `open` until an operator acts: `dismissed` (nothing done) or `actioned` (hidden, suspended). */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The answers to a report: `hide_review` fits a review, `suspend_provider` a provider or a provider's message. */
export const REPORT_ACTIONS = ['dismiss', 'hide_review', 'suspend_provider'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Every row of the append-only audit log says which of these an operator did. */
export const AUDIT_ACTIONS = [
  'dismiss_report',
  'hide_review',
  'unhide_review',
  'suspend_provider',
  'reinstate_provider',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about. */
export const AUDIT_TARGET_KINDS = ['report', 'review', 'provider'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const REPORT_REASON_MAX = 1000;
export const ACTION_NOTE_MAX = 2000;
/** Reports one person may file per hour (every instance counts the same rows). */
export const REPORTS_PER_HOUR = 10;

export const MODERATION_MESSAGES = {
  reportFiled: msg('Thank you. Our team will look at your report.'),
  kindInvalid: msg('Choose what you are reporting'),
  targetIdInvalid: msg('Invalid report target'),
  reasonRequired: msg('Tell us what is wrong'),
  reasonTooLong: msg('Keep the reason under 1000 characters'),
  alreadyReported: msg('You have already reported this'),
  cannotReportSelf: msg('You cannot report yourself'),
  targetNotFound: msg('Nothing to report was found'),
  tooManyReports: msg('You have sent many reports. Try again later.'),
  invalidReportId: msg('Invalid report ID'),
  invalidReviewId: msg('Invalid review ID'),
  invalidProviderId: msg('Invalid provider ID'),
  reportNotFound: msg('Report not found'),
  reviewNotFound: msg('Review not found'),
  providerNotFound: msg('Provider not found'),
  actionInvalid: msg('Choose an action'),
  noteRequired: msg('Write a note: it is kept in the audit log and sent as the reason'),
  noteTooLong: msg('Keep the note under 2000 characters'),
  reportAlreadyResolved: msg('This report has already been resolved'),
  actionNotApplicable: msg('This action does not fit what was reported'),
  reportDismissed: msg('Report dismissed'),
  reviewHidden: msg('Review hidden'),
  reviewAlreadyHidden: msg('This review is already hidden'),
  reviewShown: msg('Review shown again'),
  reviewNotHidden: msg('This review is not hidden'),
  providerSuspended: msg('Provider suspended'),
  providerAlreadySuspended: msg('This provider is already suspended'),
  providerReinstated: msg('Provider reinstated'),
  providerNotSuspended: msg('This provider is not suspended'),
  /** 409 PROVIDER_SUSPENDED: a booking with a suspended provider. */
  bookingProviderSuspended: msg('This provider is not taking bookings right now'),
  statusInvalid: msg('Invalid status'),
  invalidLimit: msg('limit must be a whole number from 1 to 100'),
  invalidCursor: msg('Invalid cursor'),
  queryTooLong: msg('Search text is too long'),
} as const;

const noteField = z
  .string({ error: MODERATION_MESSAGES.noteRequired })
  .trim()
  .min(1, MODERATION_MESSAGES.noteRequired)
  .max(ACTION_NOTE_MAX, MODERATION_MESSAGES.noteTooLong);

/** POST /api/reports: one report per person and target (409 ALREADY_REPORTED). */
export const createReportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: MODERATION_MESSAGES.kindInvalid }),
  targetId: z.uuid(MODERATION_MESSAGES.targetIdInvalid),
  reason: z
    .string({ error: MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(REPORT_REASON_MAX, MODERATION_MESSAGES.reasonTooLong),
});
export type CreateReportInput = z.infer<typeof createReportSchema>;

/** POST /api/admin/reports/:id/resolve. */
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: MODERATION_MESSAGES.actionInvalid }),
  note: noteField,
});
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** The body of every direct action (suspend, reinstate, hide, unhide): its reason. */
export const actionNoteSchema = z.object({ note: noteField });
export type ActionNoteInput = z.infer<typeof actionNoteSchema>;

export const reportParamsSchema = idParamsOf(MODERATION_MESSAGES.invalidReportId);
export const adminReviewParamsSchema = idParamsOf(MODERATION_MESSAGES.invalidReviewId);
export const adminProviderParamsSchema = idParamsOf(MODERATION_MESSAGES.invalidProviderId);

const limitField = pageLimitField(100, 50, MODERATION_MESSAGES.invalidLimit);
const cursorField = z.string().max(200, MODERATION_MESSAGES.invalidCursor).optional();
const searchField = z.string().trim().max(100, MODERATION_MESSAGES.queryTooLong).optional();

/** GET /api/admin/reports: open ones oldest first (a queue); others newest first. */
export const adminReportsQuerySchema = z.object({
  status: z
    .enum([...REPORT_STATUSES, 'all'], { error: MODERATION_MESSAGES.statusInvalid })
    .optional()
    .default('open'),
  limit: limitField,
  cursor: cursorField,
});

/** GET /api/admin/providers?q=&status=all|suspended. */
export const adminProvidersQuerySchema = z.object({
  q: searchField,
  status: z
    .enum(['all', 'suspended'], { error: MODERATION_MESSAGES.statusInvalid })
    .optional()
    .default('all'),
  limit: limitField,
  cursor: cursorField,
});

/** GET /api/admin/reviews?q=&providerId=&status=all|hidden. */
export const adminReviewsQuerySchema = z.object({
  q: searchField,
  providerId: z.uuid(MODERATION_MESSAGES.invalidProviderId).optional(),
  status: z
    .enum(['all', 'hidden'], { error: MODERATION_MESSAGES.statusInvalid })
    .optional()
    .default('all'),
  limit: limitField,
  cursor: cursorField,
});

/** GET /api/admin/audit. */
export const adminAuditQuerySchema = z.object({ limit: limitField, cursor: cursorField });

/** What was reported, as the operator sees it beside the report. */
export const reportTargetSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.string(),
  /** The provider concerned (reviewed, reported, or the message's provider side); null if gone. */
  provider_id: z.string().nullable(),
  provider_name: z.string().nullable(),
  /** A review's or message's text; a provider's specialty and bio. */
  text: z.string(),
  /** A review's stars; null otherwise. */
  rating: z.number().nullable(),
  /** Who wrote the review or message; null for a provider. */
  author_name: z.string().nullable(),
  /** The review is hidden / the provider suspended (null: not applicable). */
  hidden: z.boolean().nullable(),
  suspended: z.boolean().nullable(),
});

export const reportSchema = z.object({
  ...stringFields('id', 'kind', 'target_id', 'reason', 'status', 'created_at'),
  reporter: z.object({ ...stringFields('id', 'name', 'role') }),
  target: reportTargetSchema.nullable(),
  resolution: z
    .object({
      ...stringFields('action', 'note', 'resolved_at'),
      admin_name: z.string(),
    })
    .nullable(),
  /** Open reports about the same target (this one included). */
  open_on_target: z.number(),
});
export type ReportItem = z.infer<typeof reportSchema>;

/** What the reporter gets back. */
export const filedReportSchema = z.object({
  ...stringFields('id', 'kind', 'target_id', 'reason', 'status', 'created_at'),
});

export const adminProviderSchema = z.object({
  ...stringFields('id', 'user_id', 'first_name', 'last_name', 'email', 'created_at'),
  specialty: z.string().nullable(),
  listed: z.boolean(),
  ...nullableStringFields('suspended_at', 'suspension_note'),
  open_reports: z.number(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminReviewSchema = z.object({
  ...stringFields('id', 'provider_id', 'provider_name', 'author_name', 'comment', 'created_at'),
  rating: z.number(),
  hidden_at: z.string().nullable(),
  open_reports: z.number(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  admin: z.object({ ...stringFields('id', 'name') }),
  action: z.enum(AUDIT_ACTIONS),
  target_kind: z.enum(AUDIT_TARGET_KINDS),
  target_id: z.string(),
  report_id: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const fileReportResponseSchema = messageWith('report', filedReportSchema);
export const resolveReportResponseSchema = messageWith('report', reportSchema);
export const adminProviderResponseSchema = messageWith('provider', adminProviderSchema);
export const adminReviewResponseSchema = messageWith('review', adminReviewSchema);
export const adminReportsResponseSchema = cursorPageOf('reports', reportSchema);
export const adminProvidersResponseSchema = cursorPageOf('providers', adminProviderSchema);
export const adminReviewsResponseSchema = cursorPageOf('reviews', adminReviewSchema);
export const adminAuditResponseSchema = cursorPageOf('entries', auditEntrySchema);
