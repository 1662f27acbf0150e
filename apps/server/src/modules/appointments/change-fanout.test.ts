import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appointments, notifications } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createProviderWithSlots } from '../../../test/helpers/booking-factories';
import { createClient } from '../../../test/helpers/factories';
import type { AppointmentChange } from './change';
import { AppointmentChanges, type AppointmentChangeConsumer } from './change-fanout';
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

  it('builds the registry once, with the stored notification, email, socket, metrics, taken-slot, window-cache, payments, waitlist and CalDAV consumers', () => {
    // The email consumer sends the booking mail (decision 044); the taken-slot hints forget a
    // slot its own instance freed before the answer leaves (decision 056); the window cache
    // announces a claimed slot's provider to every instance before it (decision 057); payments
    // apply a cancel's or no-show's fee (decision 068); the CalDAV consumer queues the writes
    // of the booking into the provider's CalDAV calendars (decision 071); web push queues the
    // other party's push (decision 073).
    expect(t.app.appointmentChanges.names).toEqual([
      'stored-notification',
      'email',
      'socket-events',
      'metrics',
      'taken-slot-hints',
      'provider-window-cache',
      'payments',
      'waitlist',
      'calendar-caldav',
      'web-push',
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

  it('the real consumers log no failure for a booking, a reschedule and a cancel', async () => {
    // The metrics consumer once handed back prom-client's return value, which was taken for a
    // failed promise and logged as an error with its stack for every booking.
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const { slots, client, id } = await bookFirstOf(2);
      await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
        newTimeslotId: slots[1]!.id,
      });
      await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
      // (Consumers other tests of this file plugged in fail on purpose.)
      const real = ['stored-notification', 'email', 'socket-events', 'metrics'];
      const failures = logged.mock.calls.filter(([details]) =>
        real.includes((details as { consumer?: string }).consumer ?? ''),
      );
      expect(failures).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('AppointmentChanges.afterCommit', () => {
  const change = { notice: { appointmentId: 'a1' } } as AppointmentChange;

  it('awaits a returned promise and logs its rejection, but takes any other value as done', async () => {
    const errors: string[] = [];
    const changes = new AppointmentChanges(
      [
        { name: 'returns-a-value', afterCommit: () => ({ inc: 1 }) as unknown as void },
        { name: 'rejects', afterCommit: () => Promise.reject(new Error('no')) },
      ],
      { error: (details) => errors.push((details as { consumer: string }).consumer) },
    );
    await changes.afterCommit(change);
    expect(errors).toEqual(['rejects']);
  });
});
