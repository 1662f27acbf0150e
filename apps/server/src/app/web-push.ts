import fp from 'fastify-plugin';
import { webPushConsumer } from '../modules/web-push/push-consumer';
import { registerPushJob } from '../modules/web-push/push-jobs';
import { resolveVapidKeys } from '../modules/web-push/vapid';

/**
 * Web push (docs/product.md §20.2, docs/decisions/073-phones.md): the VAPID keys, the push job,
 * and its part of every appointment change (queued with the change, delivered at once after
 * commit). Waitlist offers, messages and reminders queue their pushes where they tell them.
 */
export const webPushPlugin = fp(
  async (app) => {
    const keys = await resolveVapidKeys(app.config);
    app.decorate('webPush', { keys });
    registerPushJob(app, { keys, allowPrivateUrls: app.config.allowPrivateUrls });
    app.appointmentChanges.register(webPushConsumer((ids) => app.runJobsNow(ids)));
  },
  { name: 'web-push', dependencies: ['jobs', 'appointment-changes'] },
);
