import type { Browser, Page } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  signUp,
  type Session,
  zoneWithRoomToday,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';

/**
 * Messages, in two browsers: the client writes from an appointment card; the provider's badges
 * rise and the thread shows the message without a reload; the provider answers; both sides end
 * up read. axe on both threads, and the phone layout (360 px) one pane at a time.
 */

const ZONE = zoneWithRoomToday();

/** Resolves once the page's socket.io connection has been accepted by the server. */
function connectedSocket(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        // Engine.io message (4) carrying a socket.io CONNECT (0) packet: '40{"sid":…}'.
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
}

async function unreadOf(session: Session): Promise<number> {
  return (await api('/conversations/unread-count', { token: session.token })).unread as number;
}

describeBrowser('messages between a client and a provider', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];
  let provider: Session;
  let client: Session;
  let failed = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    [provider, client] = await Promise.all([
      signUp({ role: 'provider', firstName: 'Pat', lastName: 'Slots', zone: ZONE }),
      signUp({ role: 'client', firstName: 'Cleo', lastName: 'Client', zone: ZONE }),
    ]);
    const tomorrow = addDays(clockIn(ZONE).today, 1);
    await book(client, await createSlot(provider, tomorrow, '10:00', '10:30'));
  });
  afterEach((context) => {
    failed = context.task.result?.state === 'fail';
  });
  afterAll(async () => {
    for (const page of opened) await closeChecked(page, 'messages', failed);
    await browser?.close();
  });

  it('the client writes, the provider sees it live, answers, and both read', async () => {
    const providerTab = await openSignedIn(browser, provider);
    const clientTab = await openSignedIn(browser, client);
    opened.push(providerTab, clientTab);
    const p = providerTab.page;
    const c = clientTab.page;

    // The provider is on the dashboard, connected, nothing unread.
    const providerLive = connectedSocket(p);
    await p.goto('/dashboard');
    await p.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    await providerLive;
    const sidebar = p.getByRole('navigation', { name: 'Provider' });
    const sidebarLink = sidebar.getByRole('link', { name: /^Messages/ });
    await sidebar.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // The client opens the conversation from the appointment card and writes.
    const clientLive = connectedSocket(c);
    await c.goto('/client/appointments');
    await c.getByRole('button', { name: 'Message' }).click();
    await c.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await clientLive;
    await c.getByRole('heading', { level: 2, name: 'Pat Slots' }).waitFor();
    const clientBox = c.getByRole('textbox', { name: 'Message to Pat Slots' });
    await clientBox.fill('Can you bring a ladder?');
    await clientBox.press('Enter');
    const clientThread = c.getByRole('region', { name: 'Messages with Pat Slots' });
    await clientThread.getByText('Can you bring a ladder?').waitFor();
    await expect.poll(() => clientBox.inputValue()).toBe('');

    // Without a reload: the sidebar link and 'Respond to Messages' show one unread message.
    await sidebar.getByRole('link', { name: /^Messages\s*1 unread message$/ }).waitFor();
    await p.getByRole('link', { name: 'Respond to Messages (1 unread)' }).waitFor();

    // The provider opens the thread: the message is there and becomes read.
    await sidebarLink.click();
    await p.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await p
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: /Cleo Client/ })
      .click();
    const providerThread = p.getByRole('region', { name: 'Messages with Cleo Client' });
    await providerThread.getByText('Can you bring a ladder?').waitFor();
    await expect.poll(() => unreadOf(provider)).toBe(0);
    await sidebar.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await expectAccessible(p, 'provider: open thread');

    // The provider answers on two lines (Shift+Enter), sent with Enter.
    const providerBox = p.getByRole('textbox', { name: 'Message to Cleo Client' });
    await providerBox.pressSequentially('Yes, I will.');
    await providerBox.press('Shift+Enter');
    await providerBox.pressSequentially('See you tomorrow!');
    await expect.poll(() => providerBox.inputValue()).toBe('Yes, I will.\nSee you tomorrow!');
    await providerBox.press('Enter');

    // The client's open thread gets it live, announces it politely and marks it read.
    await clientThread.getByText(/Yes, I will\.\s+See you tomorrow!/).waitFor();
    await expect
      .poll(() => c.locator('[aria-live="polite"]').filter({ hasText: 'New message' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => unreadOf(client)).toBe(0);

    const { conversations } = await api('/conversations', { token: client.token });
    const [conversation] = conversations as { id: string }[];
    const { messages } = await api(`/conversations/${conversation!.id}/messages`, {
      token: provider.token,
    });
    const thread = messages as { body: string; read_at: string | null }[];
    expect(thread.map((m) => m.body)).toEqual([
      'Yes, I will.\nSee you tomorrow!',
      'Can you bring a ladder?',
    ]);
    expect(thread.every((m) => m.read_at !== null)).toBe(true);
    await expectAccessible(c, 'client: open thread');
  });

  it('on a 360 px phone: the list, then the thread alone, and back', async () => {
    const phone = await openSignedIn(browser, client, { viewport: { width: 360, height: 740 } });
    opened.push(phone);
    const { page } = phone;
    await page.goto('/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('link', { name: /Pat Slots/ }).click();
    await page.getByRole('region', { name: 'Messages with Pat Slots' }).waitFor();
    // One pane at a time: the list has gone, a way back is offered.
    expect(await list.count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    await expectAccessible(page, 'phone: thread');
    await page.getByRole('link', { name: '← Conversations' }).click();
    await list.waitFor();
    await expectAccessible(page, 'phone: list');
  });
});
