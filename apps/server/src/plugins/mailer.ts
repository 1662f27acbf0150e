import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  /** Replaces the configured mailer (tests capture mail). */
  mailer?: Mailer;
}

/** `app.mailer`: the configured one (or the given one), closed when the app closes. */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, options) => {
    const mailer = options.mailer ?? createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
