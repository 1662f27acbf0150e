import type { Locale } from '@slotwise/shared/locales';
import { translate } from '../lib/i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The verification mail, in the new account's language (docs/product.md §21.1). */
export function verificationEmail(
  to: string,
  firstName: string,
  link: string,
  locale?: Locale | null,
): MailMessage {
  const l = locale;
  const trimmed = firstName.trim();
  const hi = trimmed ? translate(l, 'Hi {{name}},', { name: trimmed }) : translate(l, 'Hi there,');
  const valid = translate(l, 'The link is valid for 24 hours and can be used once.');
  const ignore = translate(
    l,
    "If you didn't create a Slotwise account, you can ignore this email.",
  );
  // Our own texts go into the HTML as written; only the name and the link are escaped.
  const hiHtml = trimmed
    ? translate(l, 'Hi {{name}},', { name: escapeHtml(trimmed) })
    : translate(l, 'Hi there,');
  const lang = l ?? 'en';
  const head =
    lang === 'en' ? '<html>' : `<html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}>`;
  return {
    to,
    subject: translate(l, 'Verify your Slotwise email address'),
    text: [
      hi,
      '',
      translate(l, 'Welcome to Slotwise! Please confirm your email address by opening this link:'),
      link,
      '',
      valid,
      ignore,
    ].join('\n'),
    html: `<!doctype html>${head}<body style="font-family:sans-serif;color:#111">
<p>${hiHtml}</p>
<p>${translate(l, 'Welcome to Slotwise! Please confirm your email address:')}</p>
<p><a href="${escapeHtml(link)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${translate(l, 'Verify my email')}</a></p>
<p>${translate(l, 'Or copy this link into your browser:')}<br>${escapeHtml(link)}</p>
<p>${valid} ${ignore}</p>
</body></html>`,
  };
}
