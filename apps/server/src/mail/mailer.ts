import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe on reminders). */
  headers?: Record<string, string>;
  /** Attachments, e.g. an .ics calendar file. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** A stable Message-ID makes a rare duplicate (retry after a crash) recognisable. */
  messageId?: string;
}

export interface Mailer {
  /** 'smtp' delivers; 'outbox' writes .eml files under DATA_DIR/outbox (no mail server). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A `.invalid` address can never receive mail (RFC 6761): an erased account's address
 * (docs/product.md §19.5, docs/decisions/072). A mail to one is dropped, not attempted.
 */
export const undeliverable = (to: string) => to.toLowerCase().endsWith('.invalid');

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const mailer = transportOf(config, log);
  return {
    mode: mailer.mode,
    async send(message) {
      if (undeliverable(message.to)) return;
      await mailer.send(message);
    },
    close: () => mailer.close(),
  };
}

function transportOf(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, file }, `mail written to outbox: ${message.subject}`);
    },
    close: () => transport.close(),
  };
}
