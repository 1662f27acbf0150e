import { clientAppointmentsResponseSchema } from '@slotwise/shared/appointments-schemas';
import { describe, expect, it } from 'vitest';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createPastAppointment, postReview } from '../../../test/helpers/review-factories';
import { asUser } from '../../../test/helpers/requests';

/** The client's appointment view says whether the client has reviewed it (the home prompt). */
describe('GET /api/appointment/view: reviewed', () => {
  const t = useTestWorld(async (app) => ({
    provider: await createProvider(app),
    client: await createClient(app),
    otherClient: await createClient(app),
  }));

  const list = async (user: TestUser) => {
    const res = await asUser(t.app, user).get('/api/appointment/view');
    expect(res.statusCode).toBe(200);
    return clientAppointmentsResponseSchema.parse(res.json()).appointments;
  };

  it('is false until the client reviews the appointment, then true; other appointments stay false', async () => {
    const first = await createPastAppointment(t.app, t.provider, t.client);
    const second = await createPastAppointment(t.app, t.provider, t.client);
    const before = await list(t.client);
    expect(before.find((a) => a.appointment_id === first)?.reviewed).toBe(false);
    expect(before.find((a) => a.appointment_id === second)?.reviewed).toBe(false);

    const res = await postReview(t.app, t.client, { appointmentId: first, rating: 5 });
    expect(res.statusCode).toBe(201);

    const after = await list(t.client);
    expect(after.find((a) => a.appointment_id === first)?.reviewed).toBe(true);
    expect(after.find((a) => a.appointment_id === second)?.reviewed).toBe(false);
    // Another client's list does not hold these appointments at all.
    expect((await list(t.otherClient)).some((a) => a.appointment_id === first)).toBe(false);
  });
});
