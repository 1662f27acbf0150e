import { describe, expect, it } from 'vitest';
import {} from '../../../test/helpers/app';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAhead, createSlotAt } from '../../../test/helpers/exact-slots';
import { setPolicy } from '../../../test/helpers/policy-helpers';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo, readMail } from '../../../test/helpers/mail-reader';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { reminderKey, reviewKey } from '../appointments/change-jobs';
import { asUser } from '../../../test/helpers/requests';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'HH:MM' of an instant in a zone, computed independently of the code under test. */
const hhmm = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
const zoneName = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')!.value;

/** A future instant on a whole half hour, `days` from now. */
const inDays = (days: number) =>
  new Date(Math.ceil((Date.now() + days * DAY) / (30 * 60_000)) * 30 * 60_000);

describe('booking mail: both parties, .ics, once each', () => {
  const t = useMailTestApp({
    env: { MAIL_FROM: 'Slotwise <no-reply@slotwise.test>' },
    ownMailOnly: true,
  });
  /** Mail to these users only: runDue at a future instant also sends other tests' jobs. */
  const to = (...users: { email: string }[]) =>
    t.smtp.messages.filter((m) => users.some((u) => m.to.includes(u.email)));

  /** A New York provider and a client: by default Pia Barber and Colette Martin (Paris). */
  async function parties(
    [firstName, lastName] = ['Pia', 'Barber'],
    client = { firstName: 'Colette', lastName: 'Martin', timezone: 'Europe/Paris' },
  ) {
    return {
      provider: await createProvider(t.app, { firstName, lastName, timezone: 'America/New_York' }),
      client: await createClient(t.app, client),
    };
  }

  /** Runs the due jobs: exactly one mail for each of `users`, in their order. */
  async function mailOfEach(...users: { email: string }[]) {
    await t.app.jobs.runDue(new Date());
    expect(t.smtp.messages).toHaveLength(users.length);
    return Promise.all(users.map(async (user) => (await mailsTo(t.smtp.messages, user.email))[0]!));
  }

  it('book, reschedule, cancel: each mails both parties once, in their own zone, with one UID and a rising SEQUENCE', async () => {
    const { provider, client } = await parties();
    const first = await createSlotAt(t.app, provider.providerId!, inDays(5));
    const second = await createSlotAt(t.app, provider.providerId!, inDays(6));
    const id = await book(t.app, client, first.id);

    // Nothing is sent inside the request: the mail waits in the queue.
    expect(t.smtp.messages).toHaveLength(0);
    const [toClient, toProvider] = await mailOfEach(client, provider);
    expect(toClient!.subject).toBe('Appointment booked: Haircut with Pia Barber');
    expect(toProvider!.subject).toBe('Appointment booked: Haircut for Colette Martin');
    // The recipient's own wall clock, with the zone named.
    expect(toClient!.text).toContain(
      `${hhmm(first.startsAt, 'Europe/Paris')} (${zoneName(first.startsAt, 'Europe/Paris')}, Europe/Paris)`,
    );
    expect(toProvider!.text).toContain(
      `${hhmm(first.startsAt, 'America/New_York')} (${zoneName(first.startsAt, 'America/New_York')}, America/New_York)`,
    );
    expect(hhmm(first.startsAt, 'Europe/Paris')).not.toBe(hhmm(first.startsAt, 'America/New_York'));
    for (const mail of [toClient!, toProvider!]) {
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.text.length).toBeGreaterThan(0);
      expect(mail.ics!.method).toBe('REQUEST');
      expect(mail.ics!.event.uid).toBe(`appointment-${id}@slotwise`);
      expect(Number(mail.ics!.event.sequence)).toBe(0);
      expect(new Date(mail.ics!.event.start).toISOString()).toBe(first.startsAt.toISOString());
      expect(new Date(mail.ics!.event.end!).toISOString()).toBe(first.endsAt.toISOString());
      // UTC in the file.
      expect(mail.ics!.raw).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    }
    // Run again: nothing more.
    await t.app.jobs.runDue(new Date());
    expect(t.smtp.messages).toHaveLength(2);

    t.smtp.messages.length = 0;
    const moved = await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
      newTimeslotId: second.id,
    });
    expect(moved.statusCode).toBe(200);
    for (const mail of await mailOfEach(client, provider)) {
      expect(mail.subject).toMatch(/^Appointment rescheduled: /);
      expect(mail.ics!.event.uid).toBe(`appointment-${id}@slotwise`);
      expect(Number(mail.ics!.event.sequence)).toBe(1);
      expect(new Date(mail.ics!.event.start).toISOString()).toBe(second.startsAt.toISOString());
    }
    // Only the new time's reminders wait; the old ones are gone.
    const pending = await t.app.jobs.pending([reminderKey(id), reviewKey(id)]);
    expect(pending.map((j) => j.runAt.toISOString()).sort()).toEqual(
      [
        new Date(second.startsAt.getTime() - 24 * HOUR),
        new Date(second.startsAt.getTime() - 24 * HOUR),
        new Date(second.startsAt.getTime() - 2 * HOUR),
        new Date(second.startsAt.getTime() - 2 * HOUR),
        second.endsAt,
      ]
        .map((d) => d.toISOString())
        .sort(),
    );

    t.smtp.messages.length = 0;
    const canceled = await asUser(t.app, provider).patch(`/api/appointment/provider/cancel/${id}`);
    expect(canceled.statusCode).toBe(200);
    const canceledMail = await mailOfEach(client, provider);
    for (const mail of canceledMail) {
      expect(mail.subject).toMatch(/^Appointment canceled: /);
      expect(mail.ics!.method).toBe('CANCEL');
      expect(mail.ics!.event.status).toBe('CANCELLED');
      expect(mail.ics!.event.uid).toBe(`appointment-${id}@slotwise`);
      expect(Number(mail.ics!.event.sequence)).toBe(2);
    }
    expect(canceledMail[0]!.text).toContain('Pia Barber canceled');
    // A cancel removes the pending reminders and the review request: far past the old
    // start and end, nothing more is sent.
    expect(await t.app.jobs.pending([reminderKey(id), reviewKey(id)])).toEqual([]);
    t.smtp.messages.length = 0;
    await t.app.jobs.runDue(new Date(second.endsAt.getTime() + DAY));
    expect(to(client, provider)).toHaveLength(0);
  });

  it('a client cancel mails both parties; the actor is told it was them', async () => {
    const { provider, client } = await parties();
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(3));
    const id = await book(t.app, client, slot.id);
    await t.app.jobs.runDue(new Date());
    t.smtp.messages.length = 0;
    const res = await asUser(t.app, client).patch(`/api/appointment/cancel/${id}`);
    expect(res.statusCode).toBe(200);
    const [toClient, toProvider] = await mailOfEach(client, provider);
    expect(toClient!.text).toContain('You canceled the appointment');
    expect(toProvider!.text).toContain('Colette Martin canceled the appointment');
    expect(toProvider!.ics!.method).toBe('CANCEL');
  });

  it('reminders fire 24 h and 2 h before the start across a DST change in the recipient zone; then the review request', async () => {
    // New York springs forward on 14 March 2027 at 02:00: the 24-hour reminder (13 March,
    // 11:00 EST) and the start (14 March, 12:00 EDT) are 23 wall-clock hours apart.
    const { provider, client } = await parties(['Dan', 'Tutor'], {
      firstName: 'Eve',
      lastName: 'Lee',
      timezone: 'America/New_York',
    });
    const startsAt = new Date('2027-03-14T16:00:00Z');
    // More than the default 90-day booking horizon away (docs/product.md §11.4): open it.
    await setPolicy(t.app, provider, { maxAdvanceDays: 730 });
    const slot = await createSlotAt(t.app, provider.providerId!, startsAt, 60, 'Tutoring');
    const id = await book(t.app, client, slot.id);
    await t.app.jobs.runDue(new Date());
    t.smtp.messages.length = 0;
    /** No mail to either party when the jobs run at `before`, then `count` once they run at `due`. */
    const expectDueAt = async (before: string, due: string, count: number) => {
      await t.app.jobs.runDue(new Date(before));
      expect(to(client, provider)).toHaveLength(0);
      await t.app.jobs.runDue(new Date(due));
      expect(to(client, provider)).toHaveLength(count);
    };

    await expectDueAt('2027-03-13T15:59:59Z', '2027-03-13T16:00:00Z', 2);
    const [day] = await mailsTo(t.smtp.messages, client.email);
    expect(day!.subject).toBe('Reminder: Tutoring with Dan Tutor in 24 hours');
    expect(day!.text).toContain(
      'Sunday, March 14, 2027, 12:00 (Eastern Daylight Time, America/New_York) until 13:00',
    );
    expect(day!.raw.replace(/\r?\n\s+/g, ' ')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:5001\/api\/email\/unsubscribe\?token=[\w-]{44}>/m,
    );
    expect(day!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const [providerDay] = await mailsTo(t.smtp.messages, provider.email);
    expect(providerDay!.subject).toBe('Reminder: Tutoring for Eve Lee in 24 hours');

    t.smtp.messages.length = 0;
    await expectDueAt('2027-03-14T13:59:59Z', '2027-03-14T14:00:00Z', 2);
    expect((await mailsTo(t.smtp.messages, client.email))[0]!.subject).toMatch(/in 2 hours$/);

    t.smtp.messages.length = 0;
    // The review request goes to the client only.
    await expectDueAt('2027-03-14T16:59:59Z', '2027-03-14T17:00:00Z', 1);
    const [review] = await mailsTo(t.smtp.messages, client.email);
    expect(review!.subject).toBe('How was your Tutoring with Dan Tutor?');
    expect(review!.text).toContain(`http://localhost:5001/client/appointments?review=${id}`);
  });

  it('no reminder that would be due already: booked 3 h ahead gets only the 2 h one, 90 min ahead none', async () => {
    const { provider, client } = await parties();
    const soon = await createSlotAhead(t.app, provider.providerId!, 3 * HOUR);
    const sooner = await createSlotAhead(t.app, provider.providerId!, 1.5 * HOUR);
    const a = await book(t.app, client, soon.id);
    const b = await book(t.app, client, sooner.id);
    const pendingA = await t.app.jobs.pending([reminderKey(a)]);
    expect(pendingA.map((j) => j.runAt.toISOString())).toEqual([
      new Date(soon.startsAt.getTime() - 2 * HOUR).toISOString(),
      new Date(soon.startsAt.getTime() - 2 * HOUR).toISOString(),
    ]);
    expect(await t.app.jobs.pending([reminderKey(b)])).toEqual([]);
  });

  it('a reschedule never lets the old reminder fire, even one that escaped the cancel', async () => {
    const { provider, client } = await parties();
    const first = await createSlotAt(t.app, provider.providerId!, inDays(2));
    const second = await createSlotAt(t.app, provider.providerId!, inDays(4));
    const id = await book(t.app, client, first.id);
    await t.app.jobs.runDue(new Date());
    await asUser(t.app, client).patch(`/api/appointment/reschedule/${id}`, {
      newTimeslotId: second.id,
    });
    await t.app.jobs.runDue(new Date());
    t.smtp.messages.length = 0;
    // Say a worker had claimed the old reminders just before the reschedule canceled them:
    // put them back as pending. The job re-checks the appointment and sends nothing.
    const revived = await t.app.database.db
      .update(jobs)
      .set({ status: 'pending' })
      .where(and(eq(jobs.key, reminderKey(id)), eq(jobs.status, 'canceled')))
      .returning({ id: jobs.id });
    expect(revived).toHaveLength(4);
    // The old 24 h instant: nothing fires.
    await t.app.jobs.runDue(new Date(first.startsAt.getTime() - 24 * HOUR));
    await t.app.jobs.runDue(new Date(first.startsAt.getTime() - 2 * HOUR));
    expect(to(client, provider)).toHaveLength(0);
    // The new one does.
    await t.app.jobs.runDue(new Date(second.startsAt.getTime() - 24 * HOUR));
    expect(to(client, provider)).toHaveLength(2);
    const [mail] = await mailsTo(t.smtp.messages, client.email);
    expect(mail!.text).toContain(hhmm(second.startsAt, 'Europe/Paris'));
  });

  it('preferences are read when the job runs: reminders off for one party, booking updates off for the other', async () => {
    const { provider, client } = await parties();
    const get = await asUser(t.app, client).get('/api/profile/notification-preferences');
    expect(get.json().preferences).toMatchObject({
      emailReminders: true,
      emailBookingUpdates: true,
    });
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(3));
    await book(t.app, client, slot.id);
    // Changed after the jobs were queued: still respected.
    const off = await asUser(t.app, client).patch('/api/profile/notification-preferences', {
      emailReminders: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences).toMatchObject({
      emailReminders: false,
      emailBookingUpdates: true,
    });
    const quiet = await asUser(t.app, provider).patch('/api/profile/notification-preferences', {
      emailBookingUpdates: false,
    });
    expect(quiet.json().preferences).toMatchObject({
      emailReminders: true,
      emailBookingUpdates: false,
    });

    await t.app.jobs.runDue(new Date());
    expect((await mailsTo(t.smtp.messages, client.email)).map((m) => m.subject)).toEqual([
      'Appointment booked: Haircut with Pia Barber',
    ]);
    expect(await mailsTo(t.smtp.messages, provider.email)).toEqual([]);
    t.smtp.messages.length = 0;
    await t.app.jobs.runDue(new Date(slot.startsAt.getTime() - 24 * HOUR));
    expect(await mailsTo(t.smtp.messages, client.email)).toEqual([]);
    expect((await mailsTo(t.smtp.messages, provider.email)).map((m) => m.subject)).toEqual([
      'Reminder: Haircut for Colette Martin in 24 hours',
    ]);

    for (const payload of [{}, { emailReminders: 'yes' }, { other: true }]) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile/notification-preferences',
        headers: client.headers,
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/profile/notification-preferences',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a refused booking queues no mail', async () => {
    const { provider, client } = await parties();
    const other = await createClient(t.app);
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(2));
    await book(t.app, client, slot.id);
    const count = async () => (await t.app.database.db.select({ id: jobs.id }).from(jobs)).length;
    const before = await count();
    const taken = await asUser(t.app, other).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(await count()).toBe(before);
    await t.app.jobs.runDue(new Date());
    expect(to(other)).toHaveLength(0);
  });

  it('the parsed mail is the raw mail: one per recipient, To matches the envelope', async () => {
    const { provider, client } = await parties();
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(2));
    await book(t.app, client, slot.id);
    await t.app.jobs.runDue(new Date());
    for (const captured of t.smtp.messages) {
      const mail = await readMail(captured);
      expect(captured.to).toHaveLength(1);
      expect(mail.parsed.to && 'text' in mail.parsed.to ? mail.parsed.to.text : '').toContain(
        captured.to[0],
      );
    }
  });
});
