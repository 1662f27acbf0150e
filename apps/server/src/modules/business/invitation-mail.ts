import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVITATION_TTL_DAYS } from '@slotwise/shared/business-schemas';
import { BUSINESS_INVITATION_JOB } from '../../jobs/job-payloads';
import type { JobContext } from '../../jobs/job-queue';
import type { MailMessage } from '../../mail/mailer';
import { mintInvitationToken } from './service';

/**
 * The invitation mail (docs/product.md §13.1): the job mints the link's token when it sends (only
 * its hash is stored, and a retry's new token replaces one that was never delivered).
 */

export const BUSINESS_JOIN_PATH = '/business/join';

const invitationPayload = z.object({ invitationId: z.uuid() });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invitationMail(
  to: string,
  businessName: string,
  ownerName: string,
  link: string,
): MailMessage {
  const subject = `${ownerName} invites you to join ${businessName} on Slotwise`;
  return {
    to,
    subject,
    text: [
      'Hi,',
      '',
      `${ownerName} invites you to join ${businessName} as a staff member on Slotwise.`,
      'Sign in with your provider account (or create one with this address) and open this link:',
      link,
      '',
      `The link is valid for ${INVITATION_TTL_DAYS} days and can be used once.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<p>Hi,</p>
<p>${escapeHtml(ownerName)} invites you to join <strong>${escapeHtml(businessName)}</strong> as a staff member on Slotwise.</p>
<p><a href="${escapeHtml(link)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Join ${escapeHtml(businessName)}</a></p>
<p>Or copy this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link is valid for ${INVITATION_TTL_DAYS} days and can be used once.</p>
</body></html>`,
  };
}

export function registerInvitationJob(app: FastifyInstance) {
  app.jobs.register(BUSINESS_INVITATION_JOB, async (raw, context: JobContext) => {
    const { invitationId } = invitationPayload.parse(raw);
    const minted = await mintInvitationToken(app.database.db, invitationId);
    // Accepted or gone meanwhile: nothing to send.
    if (!minted) return;
    const link = `${app.config.publicUrl}${BUSINESS_JOIN_PATH}?token=${encodeURIComponent(minted.token)}`;
    const owner = `${minted.business.ownerFirst} ${minted.business.ownerLast}`.trim();
    await app.mailer.send({
      ...invitationMail(minted.email, minted.business.name, owner, link),
      messageId: `<job-${context.job.id}@slotwise>`,
    });
    if (app.mailer.mode === 'outbox')
      app.log.info({ to: minted.email }, `invitation link: ${link}`);
  });
}
