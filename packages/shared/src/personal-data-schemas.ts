import { msg } from './locales';
import { z } from './zod';

/**
 * People's data (docs/product.md §19.5, docs/decisions/072-operating-the-marketplace.md): the
 * export of everything stored about the caller, and the erasure of their account.
 */

export const PERSONAL_DATA_MESSAGES = {
  passwordRequired: msg('Enter your password to confirm'),
  passwordIncorrect: msg('Password is incorrect'),
  accountDeleted: msg('Your account has been deleted'),
  businessHasStaff: msg(
    'Your business has other staff members: remove them before deleting your account',
  ),
} as const;

/** What an erased person is called wherever their name was shown (reviews, messages, lists). */
export const FORMER_NAMES = {
  client: msg('Former client'),
  provider: msg('Former provider'),
} as const;

/** DELETE /api/account. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: PERSONAL_DATA_MESSAGES.passwordRequired })
    .min(1, PERSONAL_DATA_MESSAGES.passwordRequired),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The format tag of the export document. */
export const EXPORT_FORMAT = 'slotwise-export/1';

/**
 * GET /api/account/export: `account` is the caller's own row (no password hash); `data` holds,
 * per table that stores something about them, the rows that do (secrets such as token hashes
 * and calendar passwords left out; a picture as a data: URL).
 */
export const accountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const deleteAccountResponseSchema = z.object({ message: z.string() });
