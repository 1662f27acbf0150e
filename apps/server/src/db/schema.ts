/**
 * The database schema, one file per domain in `./schema/`. Drizzle's query builder and
 * drizzle-kit both want every table in one module object, so this file only lists them; the
 * tables themselves live beside the domain that owns them.
 */
export * from './schema/accounts';
export * from './schema/providers';
export * from './schema/schedule';
export * from './schema/appointments';
export * from './schema/notifications';
export * from './schema/messages';
export * from './schema/jobs';
export * from './schema/businesses';
export * from './schema/payments';
export * from './schema/waitlist';
export * from './schema/calendar-sync';
export * from './schema/moderation';
export * from './schema/phones';
