import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives (no auth, no TLS). */
export async function startSmtpSink() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
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
