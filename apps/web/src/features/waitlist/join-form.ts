import { joinWaitlistSchema, type JoinWaitlistInput } from '@slotwise/shared/waitlist-schemas';
import { z } from '@slotwise/shared/zod';

/** The form as typed: empty strings for what is left out. */
export interface JoinDraft {
  providerId: string;
  serviceId: string;
  windows: { date: string; from: string; to: string }[];
}

/** Left-out fields are dropped, then the shared schema checks the body the server checks. */
export const joinWaitlistFormSchema = z
  .object({
    providerId: z.string(),
    serviceId: z.string(),
    windows: z.array(z.object({ date: z.string(), from: z.string(), to: z.string() })),
  })
  .transform((form): JoinWaitlistInput => ({
    providerId: form.providerId,
    ...(form.serviceId ? { serviceId: form.serviceId } : {}),
    windows: form.windows.map((window) => ({
      date: window.date,
      ...(window.from ? { from: window.from } : {}),
      ...(window.to ? { to: window.to } : {}),
    })),
  }))
  .pipe(joinWaitlistSchema);

export const EMPTY_WINDOW = { date: '', from: '', to: '' };
