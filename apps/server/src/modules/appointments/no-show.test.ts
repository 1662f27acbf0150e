import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import { useTestWorld } from '../../../test/helpers/app';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createPastAppointment, postReview } from '../../../test/helpers/review-factories';
import { asUser } from '../../../test/helpers/requests';

describe('no-show: PATCH /api/appointment/provider/no-show/:id', () => {
  const t = useTestWorld(async (app) => ({
    provider: await createProvider(app),
    otherProvider: await createProvider(app),
    client: await createClient(app, { firstName: 'Nora', lastName: 'Noshow' }),
  }));

  const past = (options?: Parameters<typeof createPastAppointment>[3]) =>
    createPastAppointment(t.app, t.provider, t.client, options);
  const mark = (id: string, user: TestUser | null = t.provider) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/provider/no-show/${id}`,
      headers: user ? user.headers : {},
    });
  const storedStatus = async (id: string) => {
    const [row] = await t.app.database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, id));
    return row?.status;
  };

  it('the provider marks a started appointment: 200, stored, shown, not reviewable', async () => {
    const id = await past({ startedMinutesAgo: 20, durationMinutes: 60 });
    const res = await mark(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: REVIEW_MESSAGES.noShowMarked,
      appointment: expect.objectContaining({
        appointment_id: id,
        status: 'no_show',
        client_first_name: 'Nora',
        client_last_name: 'Noshow',
      }),
    });
    expect(await storedStatus(id)).toBe('no_show');
    // The client sees it as a no-show too, and cannot review it.
    const mine = await asUser(t.app, t.client).get('/api/appointment/view');
    expect(mine.json().appointments.find((a: { id: string }) => a.id === id).status).toBe(
      'no_show',
    );
    const review = await postReview(t.app, t.client, { appointmentId: id, rating: 1 });
    expect(review.statusCode).toBe(409);
    expect(review.json().code).toBe('NOT_REVIEWABLE');
    // Twice → 409.
    expect((await mark(id)).statusCode).toBe(409);
  });

  it('also after the end, up to 72 hours after the start', async () => {
    const id = await past({ startedMinutesAgo: 71 * 60 + 50 });
    expect((await mark(id)).statusCode).toBe(200);
  });

  it('before the start → 409', async () => {
    const slot = await createSlot(t.app, t.provider.providerId!, { startsInMinutes: 90 });
    const id = await book(t.app, t.client, slot.id);
    const res = await mark(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INVALID_STATE',
      message: REVIEW_MESSAGES.noShowBeforeStart,
    });
    expect(await storedStatus(id)).toBe('booked');
  });

  it('more than 72 hours after the start → 409', async () => {
    const id = await past({ startedMinutesAgo: 72 * 60 + 5 });
    const res = await mark(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.noShowWindowPassed);
    expect(await storedStatus(id)).toBe('booked');
  });

  it('a canceled appointment → 409', async () => {
    const id = await past({ status: 'canceled' });
    const res = await mark(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.noShowNotBooked);
    expect(await storedStatus(id)).toBe('canceled');
  });

  it('an appointment its client has reviewed → 409', async () => {
    const id = await past({ startedMinutesAgo: 120 });
    expect((await postReview(t.app, t.client, { appointmentId: id, rating: 4 })).statusCode).toBe(
      201,
    );
    const res = await mark(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.noShowReviewed);
  });

  it('another provider → 404, a client → 403, anonymous → 401, junk id → 400', async () => {
    const id = await past();
    expect((await mark(id, t.otherProvider)).statusCode).toBe(404);
    expect((await mark(id, t.client)).statusCode).toBe(403);
    expect((await mark(id, null)).statusCode).toBe(401);
    expect((await mark('not-a-uuid')).statusCode).toBe(400);
    expect((await mark('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await storedStatus(id)).toBe('booked');
  });

  describe('the provider list filters by status (?status=)', () => {
    const view = (query: string) =>
      asUser(t.app, t.provider).get(`/api/appointment/provider/view${query}`);

    it.each(['booked', 'completed', 'canceled', 'no_show'] as const)(
      '?status=%s lists only those (as users see them)',
      async (status) => {
        const all = (await view('')).json().appointments as { id: string; status: string }[];
        const res = await view(`?status=${status}`);
        expect(res.statusCode).toBe(200);
        const filtered = res.json().appointments as { id: string; status: string }[];
        expect(filtered.length).toBeGreaterThan(0);
        expect(filtered.map((a) => a.id)).toEqual(
          all.filter((a) => a.status === status).map((a) => a.id),
        );
      },
    );

    it('an unknown status → 400', async () => {
      const res = await view('?status=done');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });
  });
});
