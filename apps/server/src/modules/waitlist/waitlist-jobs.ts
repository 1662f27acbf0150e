import type { FastifyInstance } from 'fastify';
import { OFFER_NEW_SLOTS_JOB } from '../../jobs/job-payloads';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { providers, services, timeslots, users, waitlistOffers } from '../../db/schema';
import type { JobContext } from '../../jobs/job-queue';
import type { MailMessage } from '../../mail/mailer';
import { mailPage } from '../email/appointment-mail';
import { escapeHtml, timeInZone } from '../email/format';
import { inTransaction } from '../appointments/transaction';
import { usersWanting } from '../notifications/channel-preferences';
import {
  expireOffer,
  OFFER_EXPIRY_JOB,
  OFFER_MAIL_JOB,
  type OffersMade,
  offerSlots,
} from './offers';
import type { WaitlistSettings } from './settings';

/**
 * The waitlist's jobs (docs/decisions/069-waitlist.md): an offer's end at its deadline (passed
 * on), its mail, and the offers of slots just created or generated. Jobs survive a restart, so
 * every offer ends and passes on.
 */

const offerPayload = z.object({ offerId: z.uuid() });
const newSlotsPayload = z.object({ timeslotIds: z.array(z.uuid()).min(1) });

export function registerWaitlistJobs(
  app: FastifyInstance,
  settings: WaitlistSettings,
  tell: (made: OffersMade) => void,
): void {
  const db = app.database.db;
  app.jobs.register(OFFER_EXPIRY_JOB, async (raw, context: JobContext) => {
    const { offerId } = offerPayload.parse(raw);
    // The deadline by the worker's clock (a test's fake clock) or the real one, whichever is later.
    const now = new Date(Math.max(context.now.getTime(), Date.now()));
    tell(await inTransaction(db, (tx) => expireOffer(tx, settings, offerId, now)));
  });

  app.jobs.register(OFFER_NEW_SLOTS_JOB, async (raw) => {
    const { timeslotIds } = newSlotsPayload.parse(raw);
    const offers = await inTransaction(db, (tx) => offerSlots(tx, settings, timeslotIds));
    tell({ offers, released: [] });
  });

  app.jobs.register(OFFER_MAIL_JOB, async (raw, context: JobContext) => {
    const { offerId } = offerPayload.parse(raw);
    const [row] = await db
      .select({
        clientId: waitlistOffers.clientId,
        email: users.email,
        firstName: users.firstName,
        status: waitlistOffers.status,
        expiresAt: waitlistOffers.expiresAt,
        day: sql<string>`${timeslots.day}::text`,
        startTime: sql<string>`${timeslots.startTime}::text`,
        serviceName: services.name,
        serviceType: timeslots.type,
        providerName: sql<string>`provider_user.first_name || ' ' || provider_user.last_name`,
        timezone: sql<string>`provider_user.timezone`,
      })
      .from(waitlistOffers)
      .innerJoin(users, eq(users.id, waitlistOffers.clientId))
      .innerJoin(timeslots, eq(timeslots.id, waitlistOffers.timeslotId))
      .innerJoin(providers, eq(providers.id, waitlistOffers.providerId))
      .innerJoin(sql`${users} provider_user`, sql`provider_user.id = ${providers.userId}`)
      .leftJoin(services, eq(services.id, timeslots.serviceId))
      .where(and(eq(waitlistOffers.id, offerId)));
    // Taken up, declined or over by the time the mail goes: nothing to say. Nor when the
    // client turned waitlist × email off (docs/product.md §20.4).
    if (!row || row.status !== 'offered') return;
    if (!(await usersWanting(db, [row.clientId], 'waitlist', 'email')).has(row.clientId)) return;
    await app.mailer.send({
      ...offerMail(row, `${app.config.publicUrl}/waitlist`),
      messageId: `<job-${context.job.id}@slotwise>`,
    });
  });
}

interface OfferMailRow {
  email: string;
  firstName: string;
  expiresAt: Date;
  day: string;
  startTime: string;
  serviceName: string | null;
  serviceType: string;
  providerName: string;
  timezone: string;
}

/** The offer's mail: what opened, until when it is held, and the link that books it. */
export function offerMail(row: OfferMailRow, link: string): MailMessage {
  const what = row.serviceName ?? row.serviceType;
  const at = `${row.day} at ${row.startTime.slice(0, 5)}`;
  const title = `Slot Available: ${what} on ${at}`;
  const lines = [
    `Hi ${row.firstName},`,
    `A time opened with ${row.providerName}: ${what} on ${at} (${row.timezone}).`,
    `It is held for you until ${timeInZone(row.expiresAt, row.timezone)}. Book it in one tap: ${link}`,
    'If it does not suit you, decline it and it goes to the next person waiting.',
  ];
  return {
    to: row.email,
    subject: title,
    text: lines.join('\n\n'),
    html: mailPage(title, lines.map(escapeHtml), { label: 'Book it', href: link }),
  };
}
