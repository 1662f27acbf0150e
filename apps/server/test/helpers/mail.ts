import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestApp } from './app';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpSinkOptions {
  /** While this answers true, every message is refused with a temporary 451. */
  refusing?: () => boolean;
  /** Awaited before a message is accepted (250); a message is kept only once accepted. */
  beforeAccept?: (mail: CapturedMail) => Promise<void>;
}

/** A real SMTP server on a free port that keeps what it receives (no auth, no TLS). */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refusing?.()) {
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const accept = () => {
          messages.push(mail);
          callback();
        };
        if (options.beforeAccept) void options.beforeAccept(mail).then(accept, () => {});
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The verification token in the newest mail to `to`. */
    tokenFor(to: string): string {
      const mail = [...messages].reverse().find((m) => m.to.includes(to));
      if (!mail) throw new Error(`no mail to ${to}`);
      // Quoted-printable may wrap the link: unfold soft line breaks first.
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /email-verification\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (!match) throw new Error('no verification link in the mail');
      return match[1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface MailTestAppOptions {
  /** More settings of the app (SMTP_URL is the sink's). */
  env?: Record<string, string>;
  sink?: SmtpSinkOptions;
  /**
   * Before each test, send what earlier tests left due and forget all mail so far, so that each
   * test sees only its own mail.
   */
  ownMailOnly?: boolean;
}

/** A suite's app that sends its mail to an SMTP sink: `t.smtp.messages` is what went out. */
export function useMailTestApp(options: MailTestAppOptions = {}): TestApp & { smtp: SmtpSink } {
  const world = {} as TestApp & { smtp: SmtpSink };
  let made: TestApp | undefined;
  let smtp: SmtpSink | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink(options.sink);
    made = await createTestApp({ SMTP_URL: smtp.url, ...options.env });
    Object.assign(world, made, { smtp });
  });
  afterAll(async () => {
    await made?.close();
    await smtp?.close();
  });
  if (options.ownMailOnly) {
    beforeEach(async () => {
      await world.app.jobs.runDue(new Date());
      world.smtp.messages.length = 0;
    });
  }
  return world;
}
