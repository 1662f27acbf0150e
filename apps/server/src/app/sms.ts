import fp from 'fastify-plugin';
import { smsGatewayOf, type SmsGateway } from '../modules/sms/sms-gateway';
import { registerSmsJobs } from '../modules/sms/sms-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS (docs/decisions/073-phones.md): the gateway chosen at boot (Twilio or the outbox). */
    sms: { gateway: SmsGateway };
  }
}

/** SMS: Twilio when TWILIO_* is set, else DATA_DIR/outbox-sms/; the send job on the queue. */
export const smsPlugin = fp(
  async (app) => {
    const gateway = smsGatewayOf(app.config);
    app.decorate('sms', { gateway });
    registerSmsJobs(app, { gateway, dailyCap: app.config.smsDailyCap });
  },
  { name: 'sms', dependencies: ['jobs'] },
);
