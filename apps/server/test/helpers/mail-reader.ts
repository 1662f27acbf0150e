import { type ParsedMail, simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import type { CapturedMail } from './mail';

export interface ReadMail {
  to: string[];
  /** The message as it arrived. */
  raw: string;
  parsed: ParsedMail;
  subject: string;
  text: string;
  html: string;
  /** The VEVENT of the attached .ics (parsed by node-ical), and the calendar's METHOD. */
  ics: { event: VEvent; method: string | undefined; raw: string } | null;
}

/** A captured mail parsed as a mail client would (MIME by mailparser, .ics by node-ical). */
export async function readMail(mail: CapturedMail): Promise<ReadMail> {
  const parsed = await simpleParser(mail.raw);
  const attachment = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  let ics: ReadMail['ics'] = null;
  if (attachment) {
    const raw = attachment.content.toString('utf8');
    const data = ical.sync.parseICS(raw);
    const event = Object.values(data).find((c): c is VEvent => c?.type === 'VEVENT');
    if (!event) throw new Error('no VEVENT in the .ics');
    const method = /^METHOD:(.+)$/m.exec(raw)?.[1]?.trim();
    ics = { event, method, raw };
  }
  return {
    to: mail.to,
    raw: mail.raw,
    parsed,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    ics,
  };
}

/** Every captured mail to `address`, parsed. */
export async function mailsTo(messages: CapturedMail[], address: string): Promise<ReadMail[]> {
  return Promise.all(messages.filter((m) => m.to.includes(address)).map(readMail));
}
