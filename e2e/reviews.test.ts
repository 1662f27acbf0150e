import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, createProvider, type TestUser } from '../apps/server/test/helpers/factories';
import { createPastAppointment } from '../apps/server/test/helpers/review-factories';
import { expectAccessible } from './harness/a11y';
import { closeChecked, openSignedIn } from './harness/accounts';
import { describeBrowser, launchBrowser } from './harness/browser';
import { sessionOf, startInProcessServer, type InProcessServer } from './harness/in-process-server';

/**
 * Trust (docs/decisions/045-reviews-and-ratings.md): a client reviews a completed appointment
 * from the home prompt; the provider gets the live 'New Review' and replies; a signed-out visitor
 * reads both. Booking refuses the past, so this suite runs its own server in-process (the
 * server's test app on its own database, serving the built SPA) and writes the completed
 * appointment with the server's test factory.
 */

const COMMENT = 'Fixed the sink in no time. Friendly and tidy.';
const REPLY = 'Thank you, see you next time!';

describeBrowser('reviews: from the home prompt to the public list', () => {
  let browser: Browser;
  let server: InProcessServer;
  let baseURL: string;
  let provider: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    server = await startInProcessServer();
    const { app } = server;
    baseURL = server.baseURL;
    provider = await createProvider(app, { firstName: 'Rosa', lastName: 'Plumb' });
    client = await createClient(app, { firstName: 'Carl', lastName: 'Reviewer' });
    await createPastAppointment(app, provider, client, { serviceType: 'Sink repair' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the client reviews, the provider is notified live and replies, a visitor reads both', async (ctx) => {
    const providerPage = await openSignedIn(browser, sessionOf(provider), { baseURL });
    const clientPage = await openSignedIn(browser, sessionOf(client), { baseURL });
    try {
      // The provider's dashboard is open (its socket connected) before the review arrives.
      await providerPage.page.goto('/dashboard');
      await providerPage.page
        .getByRole('heading', { name: 'Provider Dashboard' })
        .waitFor({ timeout: 20_000 });
      // The dashboard keeps its reviews behind one disclosure (docs/product.md §14.3).
      await providerPage.page.getByRole('button', { name: 'Show reviews' }).click();
      await providerPage.page
        .getByRole('region', { name: /^Reviews/ })
        .getByText(REVIEW_MESSAGES.noReviewsYet)
        .waitFor();

      // The client: the home prompt, the dialog, stars by keyboard, a comment.
      const { page } = clientPage;
      await page.goto('/client');
      const prompt = page.getByText('How was your appointment with Rosa Plumb?');
      await prompt.waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: REVIEW_MESSAGES.leaveReview }).click();
      const dialog = page.getByRole('dialog', {
        name: 'How was your appointment with Rosa Plumb?',
      });
      await dialog.waitFor();
      await expectAccessible(page, 'review dialog', {
        include: ['[role="dialog"]'],
        structure: false,
      });
      const stars = dialog.getByRole('group', { name: REVIEW_MESSAGES.ratingLegend });
      await stars.getByRole('radio', { name: '1 star, Poor' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await stars.getByRole('radio', { name: '4 stars, Very good' }).isChecked()).toBe(true);
      await dialog.getByLabel(REVIEW_MESSAGES.commentLabel).fill(COMMENT);
      await dialog.getByRole('button', { name: REVIEW_MESSAGES.submitReview }).click();
      await page.getByText(REVIEW_MESSAGES.reviewSubmitted).first().waitFor();
      await prompt.waitFor({ state: 'detached' });

      // The provider: the live toast and the bell's 'New Review', then the reply.
      const p = providerPage.page;
      // Live (no reload): the bell counts it at once and lists 'New Review' on top.
      const bell = p.getByRole('button', { name: 'Notifications (1 unread)' });
      await bell.waitFor({ timeout: 20_000 });
      await bell.click();
      await p
        .getByRole('listitem')
        .filter({ hasText: REVIEW_MESSAGES.titleNewReview })
        .first()
        .waitFor();
      await p.keyboard.press('Escape');
      const reviews = p.getByRole('region', { name: /^Reviews/ });
      await reviews.getByText(COMMENT).waitFor({ timeout: 20_000 });
      await expectAccessible(p, 'dashboard reviews', {
        include: ['[aria-labelledby="reviews-title"]'],
        structure: false,
      });
      await reviews.getByLabel(/^Your reply/).fill(REPLY);
      await reviews.getByRole('button', { name: REVIEW_MESSAGES.submitReply, exact: true }).click();
      await reviews.getByText(REPLY).waitFor();
      await reviews.getByRole('button', { name: 'Edit reply' }).waitFor();

      // Anyone: the public list answers without a token.
      const res = await fetch(`${baseURL}/api/providers/${provider.providerId}/reviews`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        reviews: {
          comment: string;
          rating: number;
          client_first_name: string;
          reply: { comment: string } | null;
        }[];
        rating: number;
        reviewCount: number;
      };
      expect(body.reviewCount).toBe(1);
      expect(body.rating).toBe(4);
      expect(body.reviews[0]).toMatchObject({
        comment: COMMENT,
        rating: 4,
        client_first_name: 'Carl',
        reply: { comment: REPLY },
      });

      // And on the provider page: stars, the review and the reply.
      await page.goto(`/client/provider/${provider.providerId}`);
      await page
        .getByRole('img', { name: '4.0 out of 5, 1 review' })
        .first()
        .waitFor({ timeout: 20_000 });
      const list = page.getByRole('region', { name: /^Reviews/ });
      await list.getByText(COMMENT).waitFor();
      await list.getByText(REPLY).waitFor();
      expect(await list.getByText('Carl R.').count()).toBe(1);
      await expectAccessible(page, 'provider page reviews', {
        include: ['[aria-labelledby="reviews-title"]'],
        structure: false,
      });
    } finally {
      const failed = ctx.task.result?.state === 'fail';
      await closeChecked(clientPage, 'reviews-client', failed);
      await closeChecked(providerPage, 'reviews-provider', failed);
    }
  }, 180_000);
});
