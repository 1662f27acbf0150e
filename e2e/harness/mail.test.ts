import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, recipientOf, verificationLinkIn } from './mail';

const TOKEN = 'AbC_dEf-123456789012345678901234567890123';

describe('outbox mail helpers', () => {
  it('decodes soft line breaks and =3D inside a quoted-printable link', () => {
    const encoded = `Open http://127.0.0.1:5001/email-verification?token=3D${TOKEN.slice(0, 20)}=\n${TOKEN.slice(20)}\nThanks =E2=9C=93`;
    expect(decodeQuotedPrintable(encoded)).toBe(
      `Open http://127.0.0.1:5001/email-verification?token=${TOKEN}\nThanks ✓`,
    );
  });

  it('finds the recipient and the link of a multipart message, base64 parts included', () => {
    const html = Buffer.from(
      `<a href="http://localhost/email-verification?token=${TOKEN}">Verify</a>`,
    ).toString('base64');
    const raw = [
      'From: Slotwise <no-reply@localhost>',
      'To: ada@example.com',
      'Subject: Verify your Slotwise email address',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      html,
      '--b--',
    ].join('\n');
    expect(recipientOf(raw)).toBe('ada@example.com');
    expect(verificationLinkIn(raw)).toBe(`http://localhost/email-verification?token=${TOKEN}`);
  });
});
