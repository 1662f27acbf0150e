import fp from 'fastify-plugin';
import { registerInvitationJob } from '../modules/business/invitation-mail';
import { registerEmailJobs } from '../modules/email/email-jobs';
import { registerMessageDigestJob } from '../modules/email/message-digest';
import { optOutLinks } from '../modules/email/unsubscribe';
import { registerSuspensionMailJob } from '../modules/moderation/suspension-mail';

/** The email module's job handlers on the queue: appointment mail, accounts' mail, digests, suspensions. */
export const emailJobsPlugin = fp(
  async (app) => {
    const optOutFor = optOutLinks(app.config);
    registerEmailJobs(app, optOutFor);
    registerMessageDigestJob(app, optOutFor);
    registerInvitationJob(app);
    registerSuspensionMailJob(app);
  },
  { name: 'email-jobs', dependencies: ['jobs', 'mailer'] },
);
