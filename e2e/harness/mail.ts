import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The mail outbox of the test server: with no SMTP_URL it writes every email as an .eml file to
 * `<DATA_DIR>/outbox/` (names start with an ISO time stamp, so they sort by age).
 */

/** Decodes quoted-printable text: soft line breaks (`=\n`) and `=XX` escapes such as `=3D`. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text of every part of a raw MIME message (quoted-printable or base64). */
export function mailText(raw: string): string {
  const decoded = [decodeQuotedPrintable(raw)];
  // Base64 parts: a header block naming the encoding, a blank line, then the encoded lines.
  const base64Part =
    /Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi;
  for (const match of raw.matchAll(base64Part)) {
    decoded.push(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return decoded.join('\n');
}

/** The `To:` header of a raw message (folded lines unfolded). */
export function recipientOf(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return /^To:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
}

/** The link to `path` (`/reset-password`, `/business/join` …) with a token in a raw message, or null. */
export function tokenLinkIn(raw: string, path: string): string | null {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]*${escaped}\\?token=[A-Za-z0-9_%.-]+`).exec(
    mailText(raw),
  );
  return match ? match[0] : null;
}

/** The email-verification link in a raw message, or null. */
export function verificationLinkIn(raw: string): string | null {
  return tokenLinkIn(raw, '/email-verification');
}

/**
 * The link to `path` in the newest email to `email` in `<dataDir>/outbox`, waiting up to
 * `timeoutMs` for it to be written.
 */
export async function waitForMailedLink(
  dataDir: string,
  email: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const wanted = email.toLowerCase();
  do {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = await readFile(join(outbox, file), 'utf8');
      if (!recipientOf(raw).toLowerCase().includes(wanted)) continue;
      const link = tokenLinkIn(raw, path);
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  throw new Error(`No email to ${email} linking to ${path} in ${outbox} within ${timeoutMs} ms`);
}

/** The verification link of the newest email to `email`, waiting for it. */
export function waitForVerificationLink(
  dataDir: string,
  email: string,
  timeoutMs = 15_000,
): Promise<string> {
  return waitForMailedLink(dataDir, email, '/email-verification', timeoutMs);
}
