import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {} from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { jobs } from '../../db/schema';
import { asUser } from '../../../test/helpers/requests';

const MINUTE = 60_000;
/** The fake clock: `minutes` after the real now (messages carry the database's now()). */
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

describe('unread message digest: one mail after 15 minutes, not one per message', () => {
  const t = useMailTestApp({
    env: { MAIL_FROM: 'Slotwise <no-reply@slotwise.test>' },
    ownMailOnly: true,
  });

  async function pair() {
    const client = await createClient(t.app, { firstName: 'Cleo', lastName: 'Client' });
    const provider = await createProvider(t.app, { firstName: 'Pia', lastName: 'Prov' });
    const res = await asUser(t.app, client).post('/api/conversations', {
      providerId: provider.providerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { client, provider, id: res.json().conversation.id as string };
  }
  /** Runs the jobs due `minutes` from now, then the mails `user` has got so far. */
  const mailedAfter = async (minutes: number, user: TestUser) => {
    await t.app.jobs.runDue(later(minutes));
    return mailsTo(t.smtp.messages, user.email);
  };
  const send = async (user: TestUser, id: string, body: string) => {
    const res = await asUser(t.app, user).post(`/api/conversations/${id}/messages`, { body });
    expect(res.statusCode, res.body).toBe(201);
  };
  const markRead = async (user: TestUser, id: string) => {
    const res = await asUser(t.app, user).patch(`/api/conversations/${id}/read`);
    expect(res.statusCode, res.body).toBe(200);
  };
  const pendingDigests = (key: string) =>
    t.app.database.db
      .select({ id: jobs.id, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')));
  const digestKey = (conversationId: string, recipient: TestUser) =>
    `email.message-digest:${conversationId}:${recipient.id}`;

  it('three messages → one pending job, then exactly one digest to the recipient only', async () => {
    const { client, provider, id } = await pair();
    const sentAt = Date.now();
    await send(client, id, 'Hello!');
    await send(client, id, 'Can I come earlier?');
    await send(client, id, 'Say  at <b>10:00</b>\n& not later');

    const pending = await pendingDigests(digestKey(id, provider));
    expect(pending).toHaveLength(1);
    // Due 15 minutes after the first message (database clock, same machine).
    expect(Math.abs(pending[0]!.runAt.getTime() - (sentAt + 15 * MINUTE))).toBeLessThan(MINUTE);
    expect(await pendingDigests(digestKey(id, client))).toHaveLength(0);

    expect(await mailedAfter(14, provider)).toHaveLength(0);

    const mails = await mailedAfter(16, provider);
    expect(mails).toHaveLength(1);
    expect(await mailsTo(t.smtp.messages, client.email)).toHaveLength(0);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Cleo sent you 3 new messages');
    expect(mail.text).toContain('Hi Pia,');
    expect(mail.text).toContain('Say at <b>10:00</b> & not later');
    expect(mail.text).toContain(`http://localhost:5001/messages/${id}`);
    expect(mail.text).not.toContain('Hello!');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Say at &#60;b&#62;10:00&#60;/b&#62; &#38; not later');
    expect(mail.html).not.toContain('<b>10:00');
    expect(mail.html).toContain(`href="http://localhost:5001/messages/${id}"`);

    // Nothing more for the same messages.
    expect(await mailedAfter(60, provider)).toHaveLength(1);
  });

  it('read before 15 minutes → no mail', async () => {
    const { client, provider, id } = await pair();
    await send(provider, id, 'Your booking is confirmed');
    await send(provider, id, 'See you then');
    await markRead(client, id);
    expect(await mailedAfter(16, client)).toHaveLength(0);
    expect(await pendingDigests(digestKey(id, client))).toHaveLength(0);
  });

  it('a new message after the digest was sent → a new digest later, about that message', async () => {
    const { client, provider, id } = await pair();
    await send(client, id, 'First question');
    expect(await mailedAfter(16, provider)).toHaveLength(1);

    await send(client, id, 'Second question');
    expect(await pendingDigests(digestKey(id, provider))).toHaveLength(1);
    expect(await mailedAfter(14, provider)).toHaveLength(1);
    const mails = await mailedAfter(16, provider);
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.text.includes('Second question'))!;
    expect(second.subject).toBe('Cleo sent you a new message');
    expect(second.text).not.toContain('First question');
    expect(await mailsTo(t.smtp.messages, client.email)).toHaveLength(0);
  });

  it('no digest when the recipient switched booking-update mail off', async () => {
    const { client, provider, id } = await pair();
    const off = await asUser(t.app, provider).patch('/api/profile/notification-preferences', {
      emailBookingUpdates: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await send(client, id, 'Are you there?');
    expect(await mailedAfter(16, provider)).toHaveLength(0);
  });
});
