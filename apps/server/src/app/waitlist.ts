import fp from 'fastify-plugin';
import { waitlistConsumer } from '../modules/waitlist/consumer';
import type { OffersMade } from '../modules/waitlist/offers';
import { registerWaitlistJobs } from '../modules/waitlist/waitlist-jobs';

/**
 * The waitlist (docs/decisions/069-waitlist.md): its part of every appointment change (freed
 * slots offered in the change's transaction), its jobs, and how a committed offer is told — the
 * client's socket event on any instance, and the slot's page when it went public again.
 */
export const waitlistPlugin = fp(
  async (app) => {
    const settings = {
      holdMinutes: app.config.waitlistHoldMinutes,
      publicUrl: app.config.publicUrl,
    };
    const tell = ({ offers, released }: OffersMade) => {
      for (const offer of offers) {
        app.realtime.toUser(offer.clientId, 'waitlist_offer', {
          offerId: offer.offerId,
          timeslotId: offer.timeslotId,
          expiresAt: offer.expiresAt.toISOString(),
        });
      }
      for (const slot of released) {
        app.realtime.slotsChanged({
          providerId: slot.providerId,
          taken: [],
          freed: [slot.timeslotId],
        });
      }
    };
    app.decorate('waitlist', { settings, tell });
    app.appointmentChanges.register(waitlistConsumer(settings, tell));
    registerWaitlistJobs(app, settings, tell);
  },
  { name: 'waitlist', dependencies: ['jobs', 'appointment-changes', 'mailer'] },
);
