import { MESSAGES } from '@slotwise/shared/texts';

/**
 * The lines a provider's free times show before them (the client's page and the public page):
 * message keys, translated where shown.
 */
export const SLOT_LIST_TEXTS = {
  loading: MESSAGES.loadingTimeSlots,
  failed: MESSAGES.loadTimeSlotsFailed,
  empty: MESSAGES.noAvailableTimeSlots,
} as const;
