import { MODERATION_MESSAGES } from '@slotwise/shared/moderation-schemas';
import { PERSONAL_DATA_MESSAGES } from '@slotwise/shared/personal-data-schemas';
import { PERSONAL_DATA_TEXTS } from '@slotwise/shared/personal-data-texts';
import { MODERATION_TEXTS, REPORT_ACTION_LABELS } from '@slotwise/shared/moderation-texts';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  createClient,
  createProvider,
  DEFAULT_PASSWORD,
  type TestUser,
} from '../apps/server/test/helpers/factories';
import { createPastAppointment } from '../apps/server/test/helpers/review-factories';
import { closeChecked, openSignedIn } from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';
import { sessionOf, startInProcessServer, type InProcessServer } from './harness/in-process-server';
import { OPERATOR_EMAIL } from './harness/operator';

/**
 * Operating the marketplace (docs/product.md §19, docs/decisions/072-operating-the-marketplace.md):
 * another client reports an abusive review from the provider's page (one's own review cannot be
 * reported); the operator signs in at /login, lands on /admin, hides the review from the queue
 * with a note, and it is gone from the public page; the operator then suspends the provider from
 * the Providers search: their page answers 'Provider not found' and their dashboard says why.
 * Then a client downloads their data and deletes their account (§19.5). A review needs a
 * completed appointment, which the API refuses to create: the suite runs its own server
 * in-process (as e2e/reviews.test.ts), with the operator's address in ADMIN_EMAILS.
 */

const COMMENT = 'You are all idiots and thieves.';
const WAIT = { timeout: 20_000 };

describeBrowser('operating: report, hide, suspend', () => {
  let browser: Browser;
  let server: InProcessServer;
  let baseURL: string;
  let provider: TestUser;
  let client: TestUser;
  let reporter: TestUser;
  let operator: TestUser;
  /** The tabs to check and close after the test, with the console errors each may log. */
  const opened: { tab: OpenedPage; expected: RegExp[] }[] = [];

  beforeAll(async () => {
    server = await startInProcessServer({ ADMIN_EMAILS: OPERATOR_EMAIL });
    const { app } = server;
    baseURL = server.baseURL;
    provider = await createProvider(app, { firstName: 'Rosa', lastName: 'Plumb' });
    client = await createClient(app, { firstName: 'Carl', lastName: 'Reviewer' });
    reporter = await createClient(app, { firstName: 'Dana', lastName: 'Reader' });
    // A plain verified account with the listed address: signing in makes it an operator.
    operator = await createClient(app, {
      firstName: 'Ola',
      lastName: 'Operator',
      email: OPERATOR_EMAIL,
    });
    const appointmentId = await createPastAppointment(app, provider, client);
    const review = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: client.headers,
      payload: { appointmentId, rating: 1, comment: COMMENT },
    });
    expect(review.statusCode).toBe(201);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, { tab, expected }] of opened.splice(0).entries()) {
      await closeChecked(tab, `operating-${index}`, failed, expected);
    }
  });

  it('a client reports a review; the operator hides it, then suspends the provider', async () => {
    const providerPath = `/providers/${provider.providerId}`;

    // Another client reports the review from the provider's public page.
    const clientTab = await openSignedIn(browser, sessionOf(reporter), { baseURL });
    opened.push({ tab: clientTab, expected: [] });
    const c = clientTab.page;
    await c.goto(providerPath);
    const reviews = c.getByRole('region', { name: /^Reviews/ });
    await reviews.getByText(COMMENT).waitFor(WAIT);
    await reviews.getByRole('button', { name: 'Report review by Carl R.' }).click();
    const report = c.getByRole('dialog', { name: MODERATION_TEXTS.reportTitle.review });
    await report.getByLabel(MODERATION_TEXTS.reasonLabel).fill('Insults, not a review.');
    await report.getByRole('button', { name: MODERATION_TEXTS.sendReport }).click();
    await c.getByText(MODERATION_MESSAGES.reportFiled).waitFor(WAIT);

    // The operator signs in at /login and lands on /admin.
    const operatorTab = await openSignedIn(browser, null, { baseURL });
    opened.push({ tab: operatorTab, expected: [] });
    const o = operatorTab.page;
    await o.goto('/login');
    await o.getByLabel('Email').fill(operator.email);
    await o.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await o.getByRole('button', { name: 'Sign In' }).click();
    await o.waitForURL(/\/admin$/, WAIT);
    await o.getByRole('heading', { level: 1, name: MODERATION_TEXTS.adminTitle }).waitFor(WAIT);
    await o.getByText(MODERATION_TEXTS.oldestOpen('just now')).waitFor(WAIT);

    // The queue: hide the review, with the note.
    await o.getByRole('link', { name: MODERATION_TEXTS.tabs.reports }).click();
    const card = o.getByRole('article').filter({ hasText: COMMENT });
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain('Reported by Dana Reader');
    await card.getByRole('button', { name: REPORT_ACTION_LABELS.hide_review }).click();
    const hide = o.getByRole('dialog', { name: REPORT_ACTION_LABELS.hide_review });
    await hide.getByLabel(MODERATION_TEXTS.noteLabel).fill('Abusive language');
    await hide.getByRole('button', { name: REPORT_ACTION_LABELS.hide_review }).click();
    await o.getByText(MODERATION_MESSAGES.reviewHidden).first().waitFor(WAIT);
    await o.getByText(MODERATION_TEXTS.noReports).waitFor(WAIT);

    // Gone from the provider's public page.
    const visitorTab = await openSignedIn(browser, null, { baseURL });
    // The suspended provider's page: the API's 404s are logged (docs/product.md §8).
    opened.push({
      tab: visitorTab,
      expected: [/status of 404/, /\[api\] .*not found/i],
    });
    const v = visitorTab.page;
    await v.goto(providerPath);
    await v
      .getByRole('region', { name: /^Reviews/ })
      .getByText(REVIEW_MESSAGES.noReviewsYet)
      .waitFor(WAIT);
    expect(await v.getByText(COMMENT).count()).toBe(0);

    // The operator suspends the provider from the Providers search, with the note.
    await o.getByRole('link', { name: MODERATION_TEXTS.tabs.providers }).click();
    await o.getByRole('searchbox', { name: MODERATION_TEXTS.searchLabel }).fill('Rosa');
    await o.getByRole('button', { name: 'Suspend Rosa Plumb' }).click();
    const suspend = o.getByRole('dialog', { name: 'Suspend Rosa Plumb' });
    await suspend.getByLabel(MODERATION_TEXTS.noteLabel).fill('Fake listing');
    await suspend.getByRole('button', { name: MODERATION_TEXTS.suspend }).click();
    await o.getByText(MODERATION_MESSAGES.providerSuspended).first().waitFor(WAIT);
    await o.getByRole('button', { name: 'Reinstate Rosa Plumb' }).waitFor(WAIT);

    // The public page now answers 'Provider not found'.
    await v.goto(providerPath);
    await v
      .getByRole('heading', { level: 1, name: MODERATION_MESSAGES.providerNotFound })
      .waitFor(WAIT);

    // The provider still signs in; their dashboard says they are suspended, and why.
    const providerTab = await openSignedIn(browser, sessionOf(provider), { baseURL });
    // Their dashboard still reads their own reviews (docs/product.md §19.4): no error at all.
    opened.push({ tab: providerTab, expected: [] });
    await providerTab.page.goto('/dashboard');
    const banner = providerTab.page.getByRole('alert').filter({
      hasText: MODERATION_TEXTS.suspendedTitle,
    });
    await banner.waitFor(WAIT);
    expect(await banner.textContent()).toContain('Fake listing');

    // The audit log has both actions, newest first.
    await o.getByRole('link', { name: MODERATION_TEXTS.tabs.audit }).click();
    await o.getByText('Fake listing').waitFor(WAIT);
    await o.getByText('Abusive language').waitFor(WAIT);
  });

  it('a client downloads their data, then deletes the account and is signed out', async () => {
    const tab = await openSignedIn(browser, sessionOf(client), { baseURL, acceptDownloads: true });
    opened.push({ tab, expected: [] });
    const { page } = tab;
    await page.goto('/client/account');
    const section = page.getByRole('region', { name: PERSONAL_DATA_TEXTS.sectionTitle });
    await section.waitFor(WAIT);

    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      section.getByRole('button', { name: PERSONAL_DATA_TEXTS.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^slotwise-data-\d{4}-\d{2}-\d{2}\.json$/);

    await section.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }).click();
    const dialog = page.getByRole('dialog', { name: PERSONAL_DATA_TEXTS.deleteTitle });
    await dialog
      .getByLabel(PERSONAL_DATA_TEXTS.passwordLabel, { exact: true })
      .fill(DEFAULT_PASSWORD);
    await dialog.getByRole('button', { name: PERSONAL_DATA_TEXTS.delete }).click();
    await page.getByText(PERSONAL_DATA_MESSAGES.accountDeleted).waitFor(WAIT);
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    // The session goes as the settings screen leaves (after the URL changed): wait for it.
    await page.waitForFunction(() => window.localStorage.getItem('token') === null, null, WAIT);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // The old address and password no longer sign in.
    const login = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: client.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).toBe(401);
  });
});
