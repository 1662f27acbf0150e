import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationEmail(to: string, firstName: string, link: string): MailMessage {
  const name = firstName.trim() || 'there';
  return {
    to,
    subject: 'Verify your Slotwise email address',
    text: [
      `Hi ${name},`,
      '',
      'Welcome to Slotwise! Please confirm your email address by opening this link:',
      link,
      '',
      'The link is valid for 24 hours and can be used once.',
      "If you didn't create a Slotwise account, you can ignore this email.",
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<p>Hi ${escapeHtml(name)},</p>
<p>Welcome to Slotwise! Please confirm your email address:</p>
<p><a href="${escapeHtml(link)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Verify my email</a></p>
<p>Or copy this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link is valid for 24 hours and can be used once. If you didn't create a Slotwise account, you can ignore this email.</p>
</body></html>`,
  };
}
