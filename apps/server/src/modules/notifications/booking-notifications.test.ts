import { MESSAGES } from '@slotwise/shared/texts';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { book, createProviderWithSlots } from '../../../test/helpers/booking-factories';
import { createClient, type TestUser } from '../../../test/helpers/factories';
import { collect, connectSocket, nextEvent, type TestSocket } from '../../../test/helpers/sockets';
import { formatDay } from '../appointments/notice';
import { asUser } from '../../../test/helpers/requests';

describe('booking changes reach the other party, live and stored', () => {
  const t = useTestWorld(async (app) => ({
    baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
  }));

  const unread = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/notifications/unread', headers })).json()
      .unreadNotifications as {
      type: string;
      title: string;
      message: string;
      appointmentId: string;
    }[];

  /** Runs `use` with a socket signed in as `user`, closed afterwards whatever happens. */
  async function whileConnected(user: TestUser, use: (socket: TestSocket) => Promise<void>) {
    const socket = await connectSocket(t.baseUrl, { token: user.token });
    try {
      await use(socket);
    } finally {
      socket.close();
    }
  }

  it('a booking reaches the provider as new_appointment, after commit, and is stored', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 1);
    const client = await createClient(t.app, { firstName: 'Casey', lastName: 'Jones' });
    await whileConnected(provider, async (socket) => {
      const event = nextEvent(socket, 'new_appointment');
      const appointmentId = await book(t.app, client, slots[0]!.id);
      const payload = await event;
      const slot = slots[0]!;
      const expected = `Casey Jones booked ${slot.type} on ${formatDay(slot.day)}, ${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}.`;
      expect(payload).toEqual({ message: expected, appointmentId });
      // The provider's stored notification says the same, and the client got none.
      expect(await unread(provider.headers)).toEqual([
        expect.objectContaining({
          type: 'new',
          title: MESSAGES.titleNewAppointment,
          message: expected,
          appointmentId,
        }),
      ]);
      expect(await unread(client.headers)).toEqual([]);
    });
  });

  it('a client cancel reaches the provider; a provider cancel reaches the client, with `by`', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const providerSocket = await connectSocket(t.baseUrl, { token: provider.token });
    const clientSocket = await connectSocket(t.baseUrl, { token: client.token });
    try {
      const first = await book(t.app, client, slots[0]!.id);
      const byClient = nextEvent(providerSocket, 'appointment_canceled');
      await asUser(t.app, client).patch(`/api/appointment/cancel/${first}`);
      expect(await byClient).toMatchObject({ by: 'client', appointmentId: first });

      const second = await book(t.app, client, slots[1]!.id);
      const byProvider = nextEvent(clientSocket, 'appointment_canceled');
      const res = await asUser(t.app, provider).patch(`/api/appointment/provider/cancel/${second}`);
      expect(res.statusCode).toBe(200);
      expect(await byProvider).toMatchObject({ by: 'provider', appointmentId: second });

      const providerTitles = (await unread(provider.headers)).map((n) => n.title);
      expect(providerTitles).toContain(MESSAGES.titleCanceledByClient);
      const clientNotes = await unread(client.headers);
      expect(clientNotes).toEqual([
        expect.objectContaining({
          type: 'canceled',
          title: MESSAGES.titleCanceledByProvider,
          appointmentId: second,
        }),
      ]);
    } finally {
      providerSocket.close();
      clientSocket.close();
    }
  });

  it('a reschedule reaches the provider as appointment_rescheduled, naming both times', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    await whileConnected(provider, async (socket) => {
      const id = await book(t.app, client, slots[0]!.id);
      const event = nextEvent(socket, 'appointment_rescheduled');
      const res = await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
        newTimeslotId: slots[1]!.id,
      });
      expect(res.statusCode).toBe(200);
      const payload = await event;
      expect(payload).toMatchObject({ by: 'client', appointmentId: id });
      expect(payload.message).toContain(
        `from ${formatDay(slots[0]!.day)}, ${slots[0]!.startTime.slice(0, 5)}`,
      );
      expect(payload.message).toContain(
        `to ${formatDay(slots[1]!.day)}, ${slots[1]!.startTime.slice(0, 5)}`,
      );
      expect((await unread(provider.headers)).map((n) => n.title)).toContain(
        MESSAGES.titleRescheduledByClient,
      );
    });
  });

  it('watchers of a provider page see slot ids taken and freed — and nothing else', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 2);
    const client = await createClient(t.app);
    const watcher = await createClient(t.app);
    await whileConnected(watcher, async (socket) => {
      await socket.emitWithAck('watch_provider', provider.providerId!);
      const taken = nextEvent(socket, 'slots_changed');
      const id = await book(t.app, client, slots[0]!.id);
      expect(await taken).toEqual({
        providerId: provider.providerId,
        taken: [slots[0]!.id],
        freed: [],
      });

      const moved = nextEvent(socket, 'slots_changed');
      await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
        newTimeslotId: slots[1]!.id,
      });
      expect(await moved).toEqual({
        providerId: provider.providerId,
        taken: [slots[1]!.id],
        freed: [slots[0]!.id],
      });

      const freed = nextEvent(socket, 'slots_changed');
      await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
      expect(await freed).toEqual({
        providerId: provider.providerId,
        taken: [],
        freed: [slots[1]!.id],
      });
    });
  });

  it('a refused booking notifies nobody and stores nothing', async () => {
    const { provider, slots } = await createProviderWithSlots(t.app, 1);
    const first = await createClient(t.app);
    const second = await createClient(t.app);
    await book(t.app, first, slots[0]!.id);
    await whileConnected(provider, async (socket) => {
      const seen = collect(socket, 'new_appointment');
      const res = await asUser(t.app, second).post('/api/appointment/booking', {
        timeslotId: slots[0]!.id,
      });
      expect(res.statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([]);
      expect(await unread(provider.headers)).toHaveLength(1);
    });
  });

  it('counts committed changes in /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/slotwise_booking_changes_total\{type="booked"\} [1-9]/);
    expect(res.body).toMatch(/slotwise_booking_changes_total\{type="canceled"\} [1-9]/);
    expect(res.body).toMatch(/slotwise_booking_changes_total\{type="rescheduled"\} [1-9]/);
  });
});
