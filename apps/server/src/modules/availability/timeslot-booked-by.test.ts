import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createBusiness, staffSlotAt } from '../../../test/helpers/business-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * Who booked a slot (docs/product.md §14.3, §10.8): GET /api/timeslots/view?from&to names the
 * client and the service of each booked slot to the slot's provider (and to the owner of their
 * business through ?providerId=), and to nobody else.
 */

interface ViewSlot {
  id: string;
  type: string;
  is_booked: boolean;
  client_first_name: string | null;
  client_last_name: string | null;
}

const t = useTestWorld(async (app) => {
  const { owner, staff, service } = await createBusiness(app, { staff: 1 });
  const barber = staff[1]!;
  const client: TestUser = await createClient(app, {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana.lopez@example.test',
  });
  const outsider: TestUser = await createProvider(app);
  const slot = await staffSlotAt(app, barber, service, new Date(Date.now() + 2 * 86_400_000));
  await book(app, client, slot.id);
  // The slot's day in any zone lies within a day of its UTC date.
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const at = slot.startsAt.getTime();
  const window = `from=${day(at - 86_400_000)}&to=${day(at + 86_400_000)}`;
  return { owner, barber, client, outsider, slot, window };
});

function bookedIn(body: { slots: ViewSlot[] }): ViewSlot | undefined {
  return body.slots.find((slot) => slot.id === t.slot.id);
}

describe('GET /api/timeslots/view: who booked', () => {
  it('the provider sees the client and the service of their booked slot, no contact details', async () => {
    const res = await asUser(t.app, t.barber).get(`/api/timeslots/view?${t.window}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(bookedIn(res.json())).toMatchObject({
      type: 'Cut',
      is_booked: true,
      client_first_name: 'Ana',
      client_last_name: 'Lopez',
    });
    expect(res.body).not.toContain('ana.lopez@example.test');
  });

  it('the owner sees it on the staff member’s calendar (?providerId=)', async () => {
    const res = await asUser(t.app, t.owner).get(
      `/api/timeslots/view?${t.window}&providerId=${t.barber.providerId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(bookedIn(res.json())).toMatchObject({
      client_first_name: 'Ana',
      client_last_name: 'Lopez',
    });
  });

  it('nobody else: a client is refused, another provider neither gets it nor reaches it', async () => {
    const asClient = await asUser(t.app, t.client).get(`/api/timeslots/view?${t.window}`);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.body).not.toContain('Lopez');

    const own = await asUser(t.app, t.outsider).get(`/api/timeslots/view?${t.window}`);
    expect(own.statusCode).toBe(200);
    expect(bookedIn(own.json())).toBeUndefined();
    expect(own.body).not.toContain('Lopez');

    const reaching = await asUser(t.app, t.outsider).get(
      `/api/timeslots/view?${t.window}&providerId=${t.barber.providerId}`,
    );
    expect(reaching.statusCode).toBe(404);
    expect(reaching.body).not.toContain('Lopez');

    const anonymous = await asUser(t.app, null).get(`/api/timeslots/view?${t.window}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
