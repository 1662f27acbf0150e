import {
  EMAIL_LINK_PATHS,
  EMAIL_MESSAGES,
  notificationPreferencesPatchSchema,
  notificationPreferencesResponseSchema,
  UNSUBSCRIBE_PAGE_TEXTS,
  UNSUBSCRIBE_TEXTS,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '@slotwise/shared/email-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors';
import { authenticated, authOf } from '../../plugins/authenticate';
import { resolveJwtSecret } from '../../plugins/signing-secret';
import { escapeHtml } from './format';
import { preferencesAnswer, turnPreferenceOff, updatePreferences } from './preferences';
import {
  readUnsubscribeToken,
  type UnsubscribePreference,
  unsubscribeKey,
  unsubscribeUrl,
} from './unsubscribe';

/** GET/PATCH /profile/notification-preferences: the caller's own mail preferences. */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/notification-preferences',
    {
      onRequest: authenticated(),
      schema: { response: { 200: notificationPreferencesResponseSchema } },
    },
    async (request) => ({
      preferences: await preferencesAnswer(app.database.db, authOf(request).userId),
    }),
  );

  app.patch(
    '/profile/notification-preferences',
    {
      onRequest: authenticated(),
      schema: {
        body: notificationPreferencesPatchSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await updatePreferences(app.database.db, authOf(request).userId, request.body),
      message: EMAIL_MESSAGES.preferencesSaved,
    }),
  );
};

/** A small server-rendered page (no script: the CSP allows none inline, and none is needed). */
function unsubscribePage(reply: FastifyReply, title: string, body: string) {
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Robots-Tag', 'noindex');
  return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Slotwise</title></head>
<body style="font-family:sans-serif;color:#111827;line-height:1.5;max-width:36rem;margin:3rem auto;padding:0 1rem">
<main>
${body}
</main>
</body></html>`);
}

/**
 * RFC 8058 one-click unsubscribe (docs/decisions/044-email-and-calendars.md). The signed token in
 * the query is the credential (no session: a mail provider sends the POST, not the user's browser).
 * - POST: turns the token's preference off and answers 200 — `{message}` to a mail provider, a
 *   confirmation page to a browser (the landing page's form).
 * - GET: changes nothing (link scanners and prefetchers follow GETs); a page with one button that
 *   sends the same POST.
 * A malformed or tampered token is a 400.
 */
export const emailUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = unsubscribeKey(await resolveJwtSecret(app.config));
  const preferencesUrl = `${app.config.publicUrl}${EMAIL_LINK_PATHS.notificationPreferences}`;

  /** The form body RFC 8058 prescribes (`List-Unsubscribe=One-Click`); its content is not needed. */
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  const tokenOf = (token: string) => {
    const read = readUnsubscribeToken(key, token);
    if (!read) throw new DomainError(400, 'INVALID_TOKEN', EMAIL_MESSAGES.unsubscribeLinkInvalid);
    return read;
  };
  const manageLink = `<p><a href="${escapeHtml(preferencesUrl)}">${escapeHtml(UNSUBSCRIBE_PAGE_TEXTS.manage)}</a></p>`;
  const texts = (preference: UnsubscribePreference) => UNSUBSCRIBE_TEXTS[preference];

  app.get(
    '/email/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema, hide: true } },
    async (request, reply) => {
      const { preference } = tokenOf(request.query.token);
      const action = unsubscribeUrl('', request.query.token);
      return unsubscribePage(
        reply,
        UNSUBSCRIBE_PAGE_TEXTS.title,
        `<h1 style="font-size:1.4rem">${escapeHtml(texts(preference).question)}</h1>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border:0;border-radius:6px;font-size:1rem;cursor:pointer">${escapeHtml(texts(preference).button)}</button>
</form>
${manageLink}`,
      );
    },
  );

  app.post(
    '/email/unsubscribe',
    {
      schema: {
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId, preference } = tokenOf(request.query.token);
      // A deleted account has nothing left to turn off: the same answer.
      await turnPreferenceOff(app.database.db, userId, preference);
      const message = texts(preference).done;
      if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
        return unsubscribePage(
          reply,
          UNSUBSCRIBE_PAGE_TEXTS.title,
          `<h1 style="font-size:1.4rem">${escapeHtml(message)}</h1>\n${manageLink}`,
        );
      }
      return { message };
    },
  );
};
