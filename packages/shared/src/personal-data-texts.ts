/**
 * What Settings says about a person's data (docs/product.md §19.5, §19.6): the export and the
 * erasure of the account. The server's own messages are PERSONAL_DATA_MESSAGES
 * (personal-data-schemas.ts).
 */
export const PERSONAL_DATA_TEXTS = {
  sectionTitle: 'Your data',
  sectionIntro:
    'Download everything Slotwise stores about you, or delete your account. Deleting cancels your upcoming appointments and cannot be undone.',
  download: 'Download my data',
  downloading: 'Preparing...',
  downloadFailed: 'Could not download your data. Check your connection and try again.',
  delete: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteQuestion:
    'Your upcoming appointments are cancelled and you are signed out everywhere. Reviews and messages you wrote stay under a former name. This cannot be undone.',
  passwordLabel: 'Your password',
  keep: 'Keep my account',
  deleting: 'Deleting...',
  deleteFailed: 'Could not delete your account. Check your connection and try again.',
} as const;
