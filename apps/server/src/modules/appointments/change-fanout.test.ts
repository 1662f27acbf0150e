import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, notifications } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createProviderWithSlots } from '../../../test/helpers/booking-factories';
import { createClient } from '../../../test/helpers/factories';
import type { AppointmentChange } from './change';
import type { AppointmentChangeConsumer } from './change-fanout';
import { asUser } from '../../../test/helpers/requests';

/** What a consumer plugged into `app.appointmentChanges` sees, phase by phase. */
function recorder(name: string) {
  const seen: { phase: 'tx' | 'after'; type: string; told: string }[] = [];
  let failInTransaction = false;
  const consumer: AppointmentChangeConsumer = {
    name,
    async inTransaction(_tx, change: AppointmentChange) {
      if (failInTransaction) throw new Error(`${name} refuses`);
      seen.push({ phase: 'tx', type: change.notice.type, told: change.told.message });
    },
    afterCommit(change) {
      seen.push({ phase: 'after', type: change.notice.type, told: change.told.message });
    },
  };
  return { consumer, seen, failNext: (fail: boolean) => (failInTransaction = fail) };
}

describe('appointment change fan-out', () => {
  const t = useTestApp();

  /** A new client books the first of `count` new slots of a new provider. */
  async function bookFirstOf(count: number) {
    const { slots } = await createProviderWithSlots(t.app, count);
    const client = await createClient(t.app);
    const id = await book(t.app, client, slots[0]!.id);
    return { slots, client, id };
  }

  it('builds the registry once, with the stored notification, email, socket, metrics, taken-slot and window-cache consumers', () => {
    // The email consumer joined with the email merge (issue 20); the taken-slot hints forget a
    // slot its own instance freed before the answer leaves (decision 056); the window cache
    // announces a claimed slot's provider to every instance before it (decision 057).
    expect(t.app.appointmentChanges.names).toEqual([
      'stored-notification',
      'email',
      'socket-events',
      'metrics',
      'taken-slot-hints',
      'provider-window-cache',
    ]);
    expect(() => t.app.appointmentChanges.register({ name: 'metrics' })).toThrow(/twice/);
  });

  it('a plugged-in consumer sees book, reschedule and cancel in both phases, with the stored text', async () => {
    const probe = recorder('probe');
    t.app.appointmentChanges.register(probe.consumer);
    const { slots, client, id } = await bookFirstOf(2);
    const moved = await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
      newTimeslotId: slots[1]!.id,
    });
    expect(moved.statusCode).toBe(200);
    const canceled = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    expect(canceled.statusCode).toBe(200);

    expect(probe.seen.map((s) => `${s.phase}:${s.type}`)).toEqual([
      'tx:booked',
      'after:booked',
      'tx:rescheduled',
      'after:rescheduled',
      'tx:canceled',
      'after:canceled',
    ]);
    // The text each consumer gets is the one stored: built once, by the appointments module.
    const stored = await t.app.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.appointmentId, id))
      .orderBy(notifications.createdAt, notifications.id);
    expect(stored.map((row) => row.message).sort()).toEqual(
      [...new Set(probe.seen.map((s) => s.told))].sort(),
    );
  });

  it('a consumer failing inside the transaction rolls the whole cancel back', async () => {
    const strict = recorder('strict');
    t.app.appointmentChanges.register(strict.consumer);
    const { client, id } = await bookFirstOf(1);
    strict.failNext(true);
    const res = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    strict.failNext(false);
    expect(res.statusCode).toBe(500);
    const [row] = await t.app.database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row?.status).toBe('booked');
    const canceledNotices = await t.app.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.appointmentId, id), eq(notifications.type, 'canceled')));
    expect(canceledNotices).toEqual([]);
  });

  it('a consumer throwing after commit does not fail the request or stop the others', async () => {
    const after = recorder('after-probe');
    t.app.appointmentChanges.register({
      name: 'broken',
      afterCommit() {
        throw new Error('broken consumer');
      },
    });
    t.app.appointmentChanges.register(after.consumer);
    await bookFirstOf(1);
    expect(after.seen.filter((s) => s.phase === 'after').map((s) => s.type)).toEqual(['booked']);
  });
});
