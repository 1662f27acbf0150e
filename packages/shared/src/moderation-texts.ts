import { englishText, type Translate } from './english-text';
import { msg } from './locales';
import type { AuditAction, ReportAction, ReportKind, ReportStatus } from './moderation-schemas';

/** A reporter's role as the report card names it. */
const ROLE_NAMES: Record<string, string> = {
  client: msg('client'),
  provider: msg('provider'),
  admin: msg('admin'),
};

/**
 * What the web pages say about reports and the operator's screens (docs/product.md §19.3, §19.6,
 * docs/decisions/072-operating-the-marketplace.md): 'Report' on reviews, provider pages and
 * received messages, and /admin. The messages the server also sends are MODERATION_MESSAGES
 * (moderation-schemas.ts).
 */
export const MODERATION_TEXTS = {
  report: 'Report',
  reportTitle: {
    review: 'Report this review',
    provider: 'Report this provider',
    message: 'Report this message',
  } satisfies Record<ReportKind, string>,
  reportIntro: 'Tell our team what is wrong. They read every report.',
  reasonLabel: 'What is wrong?',
  sendReport: 'Send report',
  sending: 'Sending...',
  reportFailed: 'Could not send the report. Check your connection and try again.',
  cancel: 'Cancel',

  adminTitle: 'Operating Slotwise',
  operator: 'Operator',
  tabs: {
    overview: 'Overview',
    reports: 'Reports',
    providers: 'Providers',
    reviews: 'Reviews',
    audit: 'Audit log',
  },
  // Overview (docs/product.md §19.2)
  figuresTitle: 'The last 30 days',
  loadingFigures: 'Loading figures...',
  loadFiguresFailed: 'Failed to load the figures',
  bookings: 'Bookings',
  canceled: 'Cancelled',
  noShows: 'No-shows',
  newProviders: 'New providers',
  gross: 'Gross',
  cancelRate: 'Cancel rate',
  noShowRate: 'No-show rate',
  openReports: 'Open reports',
  oldestOpen: (age: string, t: Translate = englishText) => t('oldest {{age}}', { age }),
  noneOpen: 'none waiting',
  chartTitle: 'Bookings and cancellations by day (UTC)',
  chartDay: 'Day',
  // Reports
  reportsTitle: 'Reports',
  statusLabel: 'Show',
  loadingReports: 'Loading reports...',
  loadReportsFailed: 'Failed to load the reports',
  noReports: 'No reports here.',
  reportedBy: (name: string, role: string, t: Translate = englishText) =>
    t('Reported by {{name}} ({{role}})', { name, role: t(ROLE_NAMES[role] ?? role) }),
  reason: 'Reason',
  targetGone: 'What was reported no longer exists.',
  byAuthor: (name: string, t: Translate = englishText) => t('by {{name}}', { name }),
  aboutProvider: (name: string, t: Translate = englishText) => t('Provider: {{name}}', { name }),
  hiddenBadge: 'Hidden',
  suspendedBadge: 'Suspended',
  otherOpen: (count: number, t: Translate = englishText) =>
    t('{{count}} more open reports about this', { count }),
  resolvedBy: (name: string, t: Translate = englishText) => t('Resolved by {{name}}', { name }),
  loadMore: 'Show more',
  // Actions (each asks for the note)
  noteLabel: 'Note (kept in the audit log, sent as the reason)',
  confirm: 'Confirm',
  working: 'Saving...',
  actionFailed: 'Could not do this. Check your connection and try again.',
  // Providers and reviews
  providersTitle: 'Providers',
  reviewsTitle: 'Reviews',
  searchLabel: 'Search',
  searchProviders: 'Name, email or specialty',
  searchReviews: 'Text, author or provider',
  onlySuspended: 'Suspended only',
  onlyHidden: 'Hidden only',
  all: 'All',
  loadingProviders: 'Loading providers...',
  loadProvidersFailed: 'Failed to load the providers',
  noProviders: 'No provider found.',
  loadingReviews: 'Loading reviews...',
  loadReviewsFailed: 'Failed to load the reviews',
  noReviews: 'No review found.',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  hide: 'Hide',
  show: 'Show',
  unlisted: 'Not listed',
  openReportsCount: (count: number, t: Translate = englishText) =>
    t('{{count}} open reports', { count }),
  suspendedBecause: (note: string, t: Translate = englishText) =>
    t('Suspended: {{note}}', { note }),
  // Audit log
  auditTitle: 'Audit log',
  loadingAudit: 'Loading the audit log...',
  loadAuditFailed: 'Failed to load the audit log',
  noAudit: 'Nothing has been done yet.',
  // The provider's dashboard (docs/product.md §19.4)
  suspendedTitle: 'Your listing is suspended',
  suspendedBody:
    'Clients cannot find or book you. You can still see and cancel your bookings. To appeal, reply to the mail we sent you.',
  suspendedReason: 'Reason',
  /** The client's own history: a review an operator hid (docs/product.md §19.3). */
  reviewHiddenMark: 'Your review of this appointment is hidden by Slotwise.',
} as const;

/** The report statuses as the queue's filter names them. */
export const REPORT_STATUS_LABELS: Record<ReportStatus | 'all', string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  actioned: 'Acted on',
  all: 'All',
};

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  review: 'Review',
  provider: 'Provider',
  message: 'Message',
};

/** The operator's answers to a report, as buttons and dialog titles. */
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  hide_review: 'Hide review',
  suspend_provider: 'Suspend provider',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  dismiss_report: 'Dismissed a report',
  hide_review: 'Hid a review',
  unhide_review: 'Showed a review again',
  suspend_provider: 'Suspended a provider',
  reinstate_provider: 'Reinstated a provider',
};
