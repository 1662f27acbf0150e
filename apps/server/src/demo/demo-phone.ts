import { NOTIFY_EVENTS } from '@slotwise/shared/phones-schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { writeChannels } from '../modules/notifications/channel-preferences';

/**
 * The demo client on the phone (docs/product.md §20.5): a confirmed number (fictional: 555-01xx
 * is reserved for fiction in North America, yet a valid mobile number to libphonenumber-js), SMS
 * on for reminders and waitlist offers, push on for every event (a browser still has to opt in).
 * With no TWILIO_* set, the texts land in DATA_DIR/outbox-sms/.
 */
export const DEMO_CLIENT_PHONE = '+14155550123';

export async function seedDemoPhone(
  tx: Tx,
  { clientEmail, now }: { clientEmail: string; now: Date },
) {
  const [client] = await tx
    .update(users)
    .set({ phone: DEMO_CLIENT_PHONE, phoneConfirmedAt: now })
    .where(eq(users.email, clientEmail))
    .returning({ id: users.id });
  if (!client) return;
  const push = Object.fromEntries(NOTIFY_EVENTS.map((event) => [event, { push: true }]));
  await writeChannels(tx, client.id, {
    channels: { ...push, reminder: { push: true, sms: true }, waitlist: { push: true, sms: true } },
  });
}
