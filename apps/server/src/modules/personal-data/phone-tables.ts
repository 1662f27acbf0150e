import { byPhone, byUser } from './person-links';
import type { PersonalTable } from './registry-types';

/**
 * The registry's entries for phones (docs/product.md §20, docs/decisions/073-phones.md): push
 * subscriptions, the number being confirmed, texts and STOPs. Spread into PERSONAL_TABLES.
 */
export const PHONE_TABLES: readonly PersonalTable[] = [
  {
    table: 'push_subscriptions',
    links: [byUser('user_id')],
    personal: ['endpoint', 'user_agent'],
    secrets: ['p256dh', 'auth'],
    erasure: { kind: 'delete', why: 'the person’s devices' },
  },
  {
    table: 'phone_confirmations',
    links: [byUser('user_id')],
    personal: ['phone'],
    secrets: ['code_hash'],
    erasure: { kind: 'delete', why: 'a number being confirmed' },
  },
  {
    table: 'sms_messages',
    links: [byUser('user_id'), byPhone('phone')],
    personal: ['phone', 'body'],
    notPersonal: { gateway_ref: 'the SMS provider’s message id' },
    erasure: { kind: 'delete', why: 'texts sent to the person' },
  },
  {
    table: 'sms_opt_outs',
    links: [byPhone('phone')],
    personal: ['phone'],
    erasure: {
      kind: 'keep',
      why: 'a STOP protects whoever holds the number: it must outlive the account',
    },
  },
];
