import type { WaitlistWindowView } from '@slotwise/shared/waitlist-schemas';
import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, optionalRef, updatedAt, uuidId } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';
import { providers, services } from './providers';
import { timeslots } from './schedule';

/**
 * The waitlist (docs/decisions/069-waitlist.md). Checks and indexes are in 0020_waitlist.sql.
 */

/** A client waiting for a provider (optionally one service) inside its windows. */
export const waitlistEntries = pgTable('waitlist_entries', {
  id: uuidId(),
  clientId: belongsTo('client_id', () => users.id),
  providerId: belongsTo('provider_id', () => providers.id),
  serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
  /** The windows as asked, wall clock in the provider's zone (00:00–24:00 for a whole day). */
  windows: jsonb('windows').$type<WaitlistWindowView[]>().notNull(),
  /** 'waiting' until booked through an offer or removed; past `endsAt` it has ended. */
  status: text('status', { enum: ['waiting', 'booked', 'removed'] })
    .notNull()
    .default('waiting'),
  /** The end of its last window. */
  endsAt: instant('ends_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each window of an entry as instants: what a freed slot is matched against. */
export const waitlistWindows = pgTable('waitlist_windows', {
  entryId: belongsTo('entry_id', () => waitlistEntries.id),
  providerId: uuid('provider_id').notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
});

/** A slot offered to one entry: while 'offered' and before `expiresAt`, a seat is held for it. */
export const waitlistOffers = pgTable('waitlist_offers', {
  id: uuidId(),
  entryId: belongsTo('entry_id', () => waitlistEntries.id),
  clientId: belongsTo('client_id', () => users.id),
  providerId: uuid('provider_id').notNull(),
  timeslotId: belongsTo('timeslot_id', () => timeslots.id),
  status: text('status', { enum: ['offered', 'accepted', 'declined', 'expired'] })
    .notNull()
    .default('offered'),
  expiresAt: instant('expires_at').notNull(),
  appointmentId: optionalRef('appointment_id', () => appointments.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
