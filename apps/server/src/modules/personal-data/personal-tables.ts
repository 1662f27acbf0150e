import {
  byEmail,
  byProvider,
  byUser,
  jobAddressedTo,
  ownBusinesses,
  ownConnections,
  ownConversations,
  ownWaitlistEntries,
  within,
} from './person-links';
import type { ImpersonalTable, PersonalTable } from './registry-types';
import { PHONE_TABLES } from './phone-tables';

/**
 * THE registry of people's data (docs/product.md §19.5, docs/decisions/072): every table of the
 * database, either with how it relates to a person — which columns identify them, which hold
 * personal values, which are secrets, what export and erasure do — or an explicit "holds nothing
 * about a person" with the reason. `personal-tables.test.ts` compares it with the database's own
 * catalogue: a table or a personal-looking column it does not cover fails the test.
 */

const KEPT_FOR_OTHER_PARTY =
  'belongs to two people: the other party keeps it; the person shows under the former name';

export type { Erasure, ImpersonalTable, PersonalTable } from './registry-types';

export const PERSONAL_TABLES: readonly PersonalTable[] = [
  {
    table: 'users',
    links: [byUser('id')],
    personal: ['email', 'first_name', 'last_name', 'timezone', 'phone', 'locale'],
    secrets: ['password_hash'],
    erasure: {
      kind: 'anonymise',
      why: "name 'Former client'/'Former provider', an undeliverable address, an unusable password, no picture, no phone, deleted_at set; the language is kept (it names no one)",
    },
  },
  {
    table: 'images',
    links: [byUser('owner_id')],
    personal: ['data'],
    secrets: ['etag'],
    picture: { column: 'data', typeColumn: 'content_type' },
    erasure: { kind: 'delete', why: 'the profile picture is only the person’s' },
  },
  {
    table: 'email_verification_tokens',
    links: [byUser('user_id')],
    personal: [],
    secrets: ['token_hash'],
    erasure: { kind: 'delete', why: 'sign-in records' },
  },
  {
    table: 'password_reset_tokens',
    links: [byUser('user_id')],
    personal: [],
    secrets: ['token_hash'],
    erasure: { kind: 'delete', why: 'sign-in records' },
  },
  {
    table: 'revoked_tokens',
    links: [byUser('user_id')],
    personal: [],
    secrets: ['jti'],
    erasure: {
      kind: 'keep',
      why: 'only ids and expiry instants, gone by themselves once the tokens would have expired',
    },
  },
  {
    table: 'session_generations',
    links: [byUser('user_id')],
    personal: [],
    erasure: { kind: 'keep', why: 'bumped by the erasure: it is what refuses every old token' },
  },
  {
    table: 'login_failures',
    links: [byEmail('email')],
    personal: [],
    erasure: { kind: 'delete', why: 'sign-in records of the address' },
  },
  {
    table: 'mail_cooldowns',
    links: [byEmail('email')],
    personal: [],
    erasure: { kind: 'delete', why: 'when mail last went to the address' },
  },
  {
    table: 'providers',
    links: [byUser('user_id')],
    personal: [
      'bio',
      'address',
      'first_name',
      'last_name',
      'search_text',
      'place_id',
      'place_name',
      'place_region',
      'place_country',
      'lat',
      'lng',
    ],
    erasure: {
      kind: 'anonymise',
      why: 'unlisted for good (deleted_at, 0022); bio, address, place and search text cleared; the name copies follow the user row',
    },
  },
  {
    table: 'services',
    links: [byProvider('provider_id')],
    personal: [],
    notPersonal: { name: 'what the provider offers, not who they are' },
    erasure: {
      kind: 'keep',
      why: 'appointments of other people name them; unlisted with the provider',
    },
  },
  {
    table: 'booking_policies',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'keep', why: 'the terms the other party booked under' },
  },
  {
    table: 'provider_rating_changes',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'keep', why: 'rating numbers only, read by discovery cursors' },
  },
  {
    table: 'timeslots',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: {
      kind: 'delete',
      why: 'free future slots are deleted; booked and past ones stay with their appointments',
    },
  },
  {
    table: 'availability_settings',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'no slots are generated for an erased provider' },
  },
  {
    table: 'availability_rules',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'no slots are generated for an erased provider' },
  },
  {
    table: 'time_off',
    links: [byProvider('provider_id')],
    personal: ['reason'],
    erasure: { kind: 'delete', why: 'only the provider’s, with their own words' },
  },
  {
    table: 'appointment_series',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'keep', why: KEPT_FOR_OTHER_PARTY },
  },
  {
    table: 'appointments',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: [],
    notPersonal: { service_name: 'the service booked, not a person' },
    erasure: {
      kind: 'keep',
      why: `those still to come are cancelled first (the other party told); ${KEPT_FOR_OTHER_PARTY}`,
    },
  },
  {
    table: 'appointment_events',
    links: [byUser('client_id'), byUser('actor_user_id'), byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'keep', why: `append-only history; ${KEPT_FOR_OTHER_PARTY}` },
  },
  {
    table: 'reviews',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: ['comment', 'reply'],
    erasure: {
      kind: 'keep',
      why: "reviews stay, shown as 'Former client' (docs/product.md §19.5)",
    },
  },
  {
    table: 'conversations',
    links: [byUser('client_id'), byUser('provider_user_id'), byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'keep', why: `the other person's correspondence; ${KEPT_FOR_OTHER_PARTY}` },
  },
  {
    table: 'messages',
    links: [byUser('sender_id'), within('conversation_id', ownConversations)],
    personal: ['body'],
    erasure: {
      kind: 'keep',
      why: "messages stay in the other person's conversation under the former name (docs/product.md §19.5)",
    },
  },
  {
    table: 'notifications',
    links: [byUser('user_id')],
    personal: ['title', 'message'],
    erasure: {
      kind: 'delete',
      why: "the person's own; other people's naming them are reworded to the former name",
    },
  },
  {
    table: 'notification_preferences',
    links: [byUser('user_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'preferences' },
  },
  {
    table: 'calendar_feeds',
    links: [byUser('user_id')],
    personal: [],
    secrets: ['secret_hash', 'nonce'],
    erasure: {
      kind: 'anonymise',
      why: 'a fresh secret no one knows: every feed address given out stops working',
    },
  },
  {
    table: 'jobs',
    links: [{ columns: ['payload'], where: jobAddressedTo }],
    personal: ['payload'],
    erasure: {
      kind: 'delete',
      why: 'pending mails and the history of mails addressed to the person; other people’s mails naming them get the former name',
    },
  },
  {
    table: 'payments',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: [],
    secrets: ['checkout_url'],
    erasure: {
      kind: 'anonymise',
      why: 'amounts stay without the person: client_id set null (docs/decisions/068)',
    },
  },
  {
    table: 'ledger_entries',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: [],
    erasure: {
      kind: 'anonymise',
      why: 'append-only: client_id set null, the one change its trigger allows (0019)',
    },
  },
  {
    table: 'payment_accounts',
    links: [byUser('user_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'the person’s Stripe records' },
  },
  {
    table: 'businesses',
    links: [byProvider('owner_provider_id')],
    personal: [],
    notPersonal: { name: 'the business’s name' },
    erasure: {
      kind: 'delete',
      why: 'an owner alone in it: the business goes with them; with other staff the erasure is refused (409) until ownership is settled',
    },
  },
  {
    table: 'business_staff',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'the erased provider leaves the business' },
  },
  {
    table: 'business_invitations',
    links: [byEmail('email'), byProvider('accepted_by'), within('business_id', ownBusinesses)],
    personal: ['email'],
    secrets: ['token_hash'],
    erasure: {
      kind: 'delete',
      why: 'invitations to the address; the owner’s go with the business',
    },
  },
  {
    table: 'business_resources',
    links: [within('business_id', ownBusinesses)],
    personal: [],
    notPersonal: { name: 'a room, chair or machine' },
    erasure: { kind: 'keep', why: 'the business’s; deleted with it when its owner was alone' },
  },
  {
    table: 'waitlist_entries',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: ['windows'],
    erasure: {
      kind: 'delete',
      why: "the client's entries go; other clients' entries for an erased provider are removed",
    },
  },
  {
    table: 'waitlist_windows',
    links: [within('entry_id', ownWaitlistEntries), byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'with their entry' },
  },
  {
    table: 'waitlist_offers',
    links: [byUser('client_id'), byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'with their entry or their free slot' },
  },
  {
    table: 'calendar_connections',
    links: [byProvider('provider_id')],
    personal: ['name', 'url', 'username', 'last_error'],
    secrets: ['secret', 'etag', 'last_modified'],
    erasure: { kind: 'delete', why: 'the provider’s calendars (busy blocks and copies with them)' },
  },
  {
    table: 'busy_blocks',
    links: [byProvider('provider_id')],
    personal: [],
    erasure: { kind: 'delete', why: 'with their connection' },
  },
  {
    table: 'calendar_event_copies',
    links: [within('connection_id', ownConnections)],
    personal: [],
    secrets: ['etag'],
    erasure: { kind: 'delete', why: 'with their connection' },
  },
  {
    table: 'reports',
    links: [byUser('reporter_id')],
    personal: ['reason'],
    notPersonal: {
      provider_id:
        'the provider reported: a report names its reporter, so it is the reporter’s (and the operators’) record, not exported to the provider',
      resolved_by: 'the operator who resolved it (their audit record)',
    },
    erasure: {
      kind: 'keep',
      why: 'notice-and-action record of the operators (docs/decisions/072)',
    },
  },
  {
    table: 'admin_audit_log',
    links: [byUser('admin_id')],
    personal: ['note'],
    erasure: {
      kind: 'keep',
      why: 'append-only by a trigger (0022): the record of operator actions',
    },
  },
  ...PHONE_TABLES,
];

export const IMPERSONAL_TABLES: readonly ImpersonalTable[] = [
  { table: 'rating_prior', nothingAboutAPerson: 'one row: the marketplace mean rating' },
  { table: 'schedule_runs', nothingAboutAPerson: 'one row per day of the slot generation run' },
  {
    table: 'payment_webhook_events',
    nothingAboutAPerson: 'ids and types of Stripe events already processed',
  },
  { table: 'marketplace_days', nothingAboutAPerson: 'counts and sums per day and currency' },
  {
    table: 'marketplace_figure_deltas',
    nothingAboutAPerson: 'counts and sums per day and currency',
  },
];
