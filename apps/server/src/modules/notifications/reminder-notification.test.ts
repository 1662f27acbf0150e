import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAhead } from '../../../test/helpers/exact-slots';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { asUser } from '../../../test/helpers/requests';
import { notifications } from '../../db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('reminders are stored as notifications of type reminder (docs/product.md §14.4)', () => {
  let refusing = false;
  const t = useMailTestApp({ sink: { refusing: () => refusing }, ownMailOnly: true });

  const remindersOf = (userId: string, appointmentId: string) =>
    t.app.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.appointmentId, appointmentId),
          eq(notifications.type, 'reminder'),
        ),
      );

  it('stores each reminder once for each party, even when its mail is retried', async () => {
    const provider = await createProvider(t.app, { firstName: 'Pia', lastName: 'Barber' });
    const client = await createClient(t.app, { firstName: 'Eve', lastName: 'Lee' });
    const slot = await createSlotAhead(t.app, provider.providerId!, 3 * DAY);
    const id = await book(t.app, client, slot.id);
    await t.app.jobs.runDue(new Date());
    expect(await remindersOf(client.id, id)).toEqual([]);

    // The 24 h reminder runs while the mail server refuses: the job fails and is retried.
    refusing = true;
    const dayBefore = slot.startsAt.getTime() - 24 * HOUR;
    await t.app.jobs.runDue(new Date(dayBefore));
    refusing = false;
    await t.app.jobs.runDue(new Date(dayBefore + HOUR));
    await t.app.jobs.runDue(new Date(dayBefore + 2 * HOUR));

    expect(await remindersOf(client.id, id)).toEqual([
      {
        title: 'Reminder: Haircut with Pia Barber in 24 hours',
        message: 'Your appointment Haircut with Pia Barber starts in 24 hours.',
      },
    ]);
    expect((await remindersOf(provider.id, id)).map((r) => r.title)).toEqual([
      'Reminder: Haircut for Eve Lee in 24 hours',
    ]);

    await t.app.jobs.runDue(new Date(slot.startsAt.getTime() - 2 * HOUR));
    expect((await remindersOf(client.id, id)).map((r) => r.title).sort()).toEqual([
      'Reminder: Haircut with Pia Barber in 2 hours',
      'Reminder: Haircut with Pia Barber in 24 hours',
    ]);

    // The client reads it through the ordinary notification list, as type 'reminder'.
    const list = await asUser(t.app, client).get('/api/notifications');
    expect(list.statusCode).toBe(200);
    const types = (list.json().notifications as { type: string }[]).map((n) => n.type);
    expect(types.filter((type) => type === 'reminder')).toHaveLength(2);
  });

  it('stores no reminder for a canceled appointment', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const slot = await createSlotAhead(t.app, provider.providerId!, 3 * DAY);
    const id = await book(t.app, client, slot.id);
    const cancel = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    expect(cancel.statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(slot.startsAt.getTime() - 2 * HOUR));
    expect(await remindersOf(client.id, id)).toEqual([]);
  });
});
