import { randomUUID } from 'node:crypto';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { PHONE_MESSAGES } from '@slotwise/shared/phones-schemas';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  send,
  signUp,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, newPage, type OpenedPage } from './harness/browser';
import { startPushService, subscriptionKeys, type LocalPushService } from './harness/push-service';
import { testServer } from './harness/test-server';

/**
 * On the phone in the browser (docs/product.md §20, docs/decisions/073-phones.md): the app is
 * installable (Chrome's own installability check) with a worker that never caches /api; offline,
 * the client's appointments page shows what it last loaded; a booking is pushed to the provider,
 * encrypted, and the provider's service worker shows it.
 *
 * Headless Chromium here cannot subscribe itself: a Playwright context is an incognito profile,
 * where Chrome refuses the Push API ('Registration failed - permission denied'), and there is no
 * route to its push service (FCM) anyway. The test records what pushManager.subscribe says, then
 * subscribes through the API an endpoint it serves itself
 * with keys it holds, decrypts what the server pushes there and hands the payload to the
 * worker through the DevTools protocol (ServiceWorker.deliverPushMessage).
 */

const ZONE = 'America/New_York';
const WAIT = { timeout: 20_000 };
/** What a page offline logs: the requests the network refused. */
const OFFLINE_NOISE = [
  /ERR_INTERNET_DISCONNECTED/,
  /Failed to load resource/,
  /Failed to fetch/,
  /WebSocket/,
];

/** The active worker's registration is ready (precaching done) and controls the page. */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

describeBrowser('on the phone', () => {
  let browser: Browser;
  let push: LocalPushService;
  const opened: { tab: OpenedPage; expected: RegExp[] }[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    push = await startPushService();
  }, 60_000);

  afterAll(async () => {
    await push?.close();
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, { tab, expected }] of opened.splice(0).entries()) {
      await closeChecked(tab, `phones-${context.task.name}-${index}`, failed, expected);
    }
  });

  async function open(session: Session | null, path: string, expected: RegExp[] = []) {
    const tab = session
      ? await openSignedIn(browser, session, { timezoneId: ZONE, permissions: ['notifications'] })
      : await newPage(browser, { timezoneId: ZONE });
    opened.push({ tab, expected });
    await tab.page.goto(path);
    return tab;
  }

  it('is installable: a manifest, an active worker, no installability errors', async () => {
    const { page, context } = await open(null, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await workerReady(page);

    const manifest = (await (
      await fetch(`${testServer().baseURL}/manifest.webmanifest`)
    ).json()) as unknown;
    expect(manifest).toMatchObject({ name: 'Slotwise', display: 'standalone' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, where Chrome never installs; that is the
    // only objection allowed here (the bench's pages scenario checks a real profile).
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    // The shell is precached; nothing of the API is (docs/product.md §20.1).
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.map((url) => new URL(url).pathname);
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/api'))).toBe(false);
  });

  it('offline, the client appointments page shows the appointments it last loaded', async () => {
    const provider = await signUp({
      role: 'provider',
      firstName: 'Olga',
      lastName: 'Offline',
      zone: ZONE,
    });
    const client = await signUp({
      role: 'client',
      firstName: 'Omar',
      lastName: 'Client',
      zone: ZONE,
    });
    const day = addDays(clockIn(ZONE).today, 2);
    await book(client, await createSlot(provider, day, '10:00', '11:00'));

    const { page, context } = await open(client, '/client/appointments', OFFLINE_NOISE);
    await page.getByRole('article', { name: 'Olga Offline' }).waitFor(WAIT);
    await workerReady(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your Appointments' }).waitFor(WAIT);
    await page
      .getByRole('status')
      .filter({ hasText: /^You are offline\. Showing your appointments as of .+\.$/ })
      .waitFor(WAIT);
    await page.getByRole('article', { name: 'Olga Offline' }).waitFor();
    await context.setOffline(false);
  });

  it("pushes a booking to the provider's device, and its worker shows it", async () => {
    const lastName = `Push${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
    const provider = await signUp({ role: 'provider', firstName: 'Pia', lastName, zone: ZONE });
    const client = await signUp({
      role: 'client',
      firstName: 'Paul',
      lastName: 'Client',
      zone: ZONE,
    });
    // Chrome logs it when the page's own subscribe is refused (a Playwright context is incognito).
    const { page, context } = await open(provider, '/dashboard', [
      /does not support the Push API in incognito mode/,
    ]);
    await workerReady(page);

    // The bell offers it; the browser's own subscription needs a push service it cannot reach.
    await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    const turnOn = page.getByRole('button', { name: PHONE_UI_TEXTS.turnOn });
    await turnOn.waitFor(WAIT);
    const { key } = await api('/push/public-key');
    const browserSubscription = await page.evaluate(async (vapidKey: string) => {
      const bytes = Uint8Array.from(atob(vapidKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
        c.charCodeAt(0),
      );
      try {
        const registration = await navigator.serviceWorker.ready;
        // Without a route to its push service the browser may never answer: 10 s at most.
        const subscription = await Promise.race([
          registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: bytes,
          }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no answer within 10 s')), 10_000),
          ),
        ]);
        await subscription.unsubscribe();
        return `subscribed (${new URL(subscription.endpoint).host})`;
      } catch (error) {
        return `refused: ${error instanceof Error ? error.message : String(error)}`;
      }
    }, key as string);
    console.log(`[phones] pushManager.subscribe in headless Chromium: ${browserSubscription}`);

    // A subscription the test can read: its endpoint here, its keys held by the test.
    const keys = subscriptionKeys();
    const name = `provider-${randomUUID()}`;
    const subscribed = await send(
      'POST',
      '/push/subscriptions',
      { endpoint: push.endpoint(name), keys: keys.keys },
      provider.token,
    );
    expect(subscribed.message).toBe(PHONE_MESSAGES.pushOn);

    // The client books: the provider is told by push (docs/product.md §20.2).
    const day = addDays(clockIn(ZONE).today, 3);
    await book(client, await createSlot(provider, day, '09:00', '10:00'));
    const payload = JSON.parse(keys.decrypt(await push.next(name))) as {
      title: string;
      body: string;
      url: string;
      tag: string;
    };
    expect(payload).toMatchObject({ title: expect.any(String), url: expect.stringMatching(/^\//) });

    // Handed to the provider's worker as the browser's push service would.
    const origin = new URL(testServer().baseURL).origin;
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url?: string } | null)?.url,
            }));
          }),
        WAIT,
      )
      .toEqual([
        { title: payload.title, body: payload.body, tag: payload.tag ?? '', url: payload.url },
      ]);
  });
});
