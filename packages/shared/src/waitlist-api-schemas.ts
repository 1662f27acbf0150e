import { idParamsOf, messageWith } from './common-schemas';
import { z } from './zod';
import { WAITLIST_MESSAGES, waitlistEntrySchema } from './waitlist-schemas';

/** The waitlist's request parameters and answers (docs/decisions/069-waitlist.md). */
export const waitlistEntryParamsSchema = idParamsOf(WAITLIST_MESSAGES.invalidEntryId);
export const waitlistOfferParamsSchema = idParamsOf(WAITLIST_MESSAGES.invalidOfferId);
export const joinWaitlistResponseSchema = messageWith('entry', waitlistEntrySchema);
export const waitlistMessageResponseSchema = z.object({ message: z.string() });
