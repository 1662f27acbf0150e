import { z } from './zod';
import { msg } from './locales';
import { cursorPageOf, idParamsOf, pageLimitField, stringFields } from './common-schemas';

/**
 * Messages between a client and a provider (docs/decisions/043-messages.md): request schemas
 * used by the server's routes and the web composer, and the response shapes both sides use.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_DEFAULT_LIMIT = 30;
export const CONVERSATIONS_DEFAULT_LIMIT = 20;
export const MESSAGING_MAX_LIMIT = 50;
/** Per user (the sender), per minute. */
export const MESSAGE_RATE_LIMIT_PER_MINUTE = 30;

export const MESSAGING_MESSAGES = {
  bodyRequired: msg('Please write a message'),
  bodyTooLong: msg('A message can be at most 2,000 characters'),
  conversationNotFound: msg('Conversation not found'),
  providerNotFound: msg('Provider not found'),
  appointmentNotFound: msg('Appointment not found'),
  invalidConversationId: msg('Invalid conversation id'),
  invalidProviderId: msg('Invalid provider id'),
  invalidAppointmentId: msg('Invalid appointment id'),
  invalidCursor: msg('Invalid cursor'),
  invalidLimit: msg('Limit must be a whole number from 1 to 50'),
  oneTarget: msg('Give either a providerId or an appointmentId'),
  clientsOnlyByProvider: msg(
    'Only client accounts can start a conversation with a provider; providers start one from an appointment',
  ),
  markedRead: msg('Conversation marked as read'),
  sendFailed: msg('Message not sent'),
} as const;

// ---- Requests ----------------------------------------------------------------------------------

/** POST /conversations: `{providerId}` (clients) or `{appointmentId}` (either party). */
export const createConversationBodySchema = z
  .object({
    providerId: z.uuid(MESSAGING_MESSAGES.invalidProviderId).optional(),
    appointmentId: z.uuid(MESSAGING_MESSAGES.invalidAppointmentId).optional(),
  })
  .refine((v) => (v.providerId === undefined) !== (v.appointmentId === undefined), {
    message: MESSAGING_MESSAGES.oneTarget,
  });
export type CreateConversationBody = z.input<typeof createConversationBodySchema>;

/** The text of a message: plain text, trimmed, 1–2,000 characters. */
export const messageBodyField = z
  .string({ error: MESSAGING_MESSAGES.bodyRequired })
  .trim()
  .min(1, MESSAGING_MESSAGES.bodyRequired)
  .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.bodyTooLong);

/** POST /conversations/:id/messages; also the composer's form. */
export const sendMessageBodySchema = z.object(
  { body: messageBodyField },
  { error: MESSAGING_MESSAGES.bodyRequired },
);
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const conversationIdParamsSchema = idParamsOf(MESSAGING_MESSAGES.invalidConversationId);

const limitField = (fallback: number) =>
  pageLimitField(MESSAGING_MAX_LIMIT, fallback, MESSAGING_MESSAGES.invalidLimit);

/** `?cursor=&limit=`: the cursor is the `nextCursor` of the previous page (opaque). */
export const messagesQuerySchema = z.object({
  cursor: z.uuid(MESSAGING_MESSAGES.invalidCursor).optional(),
  limit: limitField(MESSAGES_DEFAULT_LIMIT),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const conversationsQuerySchema = z.object({
  cursor: z.uuid(MESSAGING_MESSAGES.invalidCursor).optional(),
  limit: limitField(CONVERSATIONS_DEFAULT_LIMIT),
});
export type ConversationsQuery = z.input<typeof conversationsQuerySchema>;

// ---- Responses ---------------------------------------------------------------------------------

export const chatMessageSchema = z.object({
  ...stringFields('id', 'body', 'sender_id', 'created_at'),
  /** When the recipient read it; null while unread. */
  read_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationPartySchema = z.object({
  ...stringFields('id', 'first_name', 'last_name'),
  profile_image_url: z.string().nullable(),
  role: z.enum(['client', 'provider']),
});
export type ConversationParty = z.infer<typeof conversationPartySchema>;

export const conversationSchema = z.object({
  id: z.string(),
  /** The provider of the pair (for links to the provider's page and appointments). */
  provider_id: z.string(),
  other: conversationPartySchema,
  last_message: chatMessageSchema.nullable(),
  /** Messages from the other party not read yet. */
  unread_count: z.number(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationResponseSchema = z.object({ conversation: conversationSchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const messagesResponseSchema = cursorPageOf('messages', chatMessageSchema);
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const sendMessageResponseSchema = z.object({ message: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** `updated`: how many messages this call marked read. */
export const markReadResponseSchema = z.object({ message: z.string(), updated: z.number() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread: z.number() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
