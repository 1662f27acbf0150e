import { MESSAGES } from '@slotwise/shared/texts';
import type { ListTexts } from '../../components/list-state';

/** The lines a provider's free times show before them (the client's page and the public page). */
export const SLOT_LIST_TEXTS: ListTexts = {
  loading: MESSAGES.loadingTimeSlots,
  failed: MESSAGES.loadTimeSlotsFailed,
  empty: MESSAGES.noAvailableTimeSlots,
};
