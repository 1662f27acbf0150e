import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  REPORT_ACTIONS,
  REPORT_KINDS,
  REPORT_STATUSES,
} from '@slotwise/shared/moderation-schemas';
import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, uuidId } from './columns';
import { users } from './accounts';
import { providers } from './providers';

/**
 * Operating the marketplace (docs/decisions/072-operating-the-marketplace.md): reports, the
 * append-only audit log, and the marketplace figures per day. Checks, indexes and triggers are
 * in 0022_operating.sql.
 */

/** A person's report of a review, a provider or a message; one per person and target. */
export const reports = pgTable('reports', {
  id: uuidId(),
  reporterId: belongsTo('reporter_id', () => users.id),
  kind: text('kind', { enum: REPORT_KINDS }).notNull(),
  targetId: uuid('target_id').notNull(),
  /** The provider concerned: the reviewed one, the reported one, the message's provider side. */
  providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
  action: text('action', { enum: REPORT_ACTIONS }),
  resolvedBy: uuid('resolved_by').references(() => users.id),
  resolvedAt: instant('resolved_at'),
  resolutionNote: text('resolution_note'),
  createdAt: createdAt(),
});

/** Who did what, when and why. A trigger refuses every update, delete and truncate. */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: uuidId(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => users.id),
  action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
  targetKind: text('target_kind', { enum: AUDIT_TARGET_KINDS }).notNull(),
  targetId: uuid('target_id').notNull(),
  reportId: uuid('report_id'),
  note: text('note').notNull(),
  createdAt: createdAt(),
});

const figureColumns = () => ({
  /** The UTC day the booking was made (or the provider signed up). */
  day: date('day', { mode: 'string' }).notNull(),
  /** '' for bookings without a price. */
  currency: text('currency').notNull().default(''),
  bookings: integer('bookings').notNull().default(0),
  canceled: integer('canceled').notNull().default(0),
  noShows: integer('no_shows').notNull().default(0),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
  newProviders: integer('new_providers').notNull().default(0),
});

/** The figures of each day and currency, folded from the deltas. */
export const marketplaceDays = pgTable('marketplace_days', figureColumns(), (t) => [
  primaryKey({ name: 'marketplace_days_pkey', columns: [t.day, t.currency] }),
]);

/** What bookings and sign-ups changed since the last fold (written by triggers only). */
export const marketplaceFigureDeltas = pgTable('marketplace_figure_deltas', figureColumns());
