import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import { jsBudgetOf } from '../bench/src/scenarios/pages';

/**
 * Gzipped JavaScript the landing page may load, in bytes: the bench's budget for `/`, written once
 * in bench/src/scenarios/pages.ts (docs/decisions/080-page-weight.md). English needs no i18next
 * and the router runs in React Router's declarative mode, so languages fit in it again.
 */
const LANDING_JS_BUDGET = jsBudgetOf('/');

describeBrowser('web shell', () => {
  let browser: Browser;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, options: Parameters<typeof newPage>[1] = {}) {
    opened = await newPage(browser, options);
    await opened.page.goto(path);
    return opened;
  }

  afterEach(async (context) => {
    if (!opened) return;
    const { page, problems, close } = opened;
    opened = undefined;
    try {
      if (context.task.result?.state === 'fail') {
        await screenshot(page, `shell-${context.task.name}`);
      }
      // Every page must load without script errors, console errors or CSP violations.
      expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
      expect(problems.consoleErrors, 'console errors').toEqual([]);
      expect(problems.cspViolations, 'CSP violations').toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows both SPEC taglines on the landing page', async () => {
    const { page } = await open('/');
    await expect(page.title()).resolves.toContain('Slotwise');
    const hero = page.getByRole('region', { name: 'Book Trusted Services Near You' });
    await hero.getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }).waitFor();
    await hero.getByText('Connecting you with top-rated providers in your community').waitFor();
    await hero.getByText(/schedule your appointments with ease/i).waitFor();
    await expect(
      page.getByRole('link', { name: 'Find a Provider' }).getAttribute('href'),
    ).resolves.toBe('/register');
    await screenshot(page, 'landing-desktop');
  });

  it('keeps the landing page JavaScript within its budget', async () => {
    const scripts: string[] = [];
    opened = await newPage(browser);
    opened.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await opened.page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.map((path) => {
      const file = new URL(`../apps/web/dist${path}`, import.meta.url);
      return gzipSync(readFileSync(file), { level: 9 }).length;
    });
    const total = gzipped.reduce((sum, size) => sum + size, 0);
    // react + react-dom + react-router alone are ≈ 80 kB: keep everything else lazy.
    expect(total, `gzipped JS for / (${scripts.join(', ')})`).toBeLessThanOrEqual(
      LANDING_JS_BUDGET,
    );
  });

  it('opens the mobile menu at 360×740 without horizontal scrolling', async () => {
    const { page } = await open('/', { viewport: { width: 360, height: 740 } });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of [
      'Home',
      'How It Works',
      'Categories',
      'About',
      'Contact',
      'Sign Up',
      'Login',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true }).isVisible(), name).resolves.toBe(
        true,
      );
    }
    await screenshot(page, 'landing-mobile-menu');

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About Slotwise' }).waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('loads the about page', async () => {
    const { page } = await open('/about');
    await page.getByRole('heading', { level: 1, name: 'About Slotwise' }).waitFor();
    await page.getByText(/founded in 2025/).waitFor();
    await page.getByRole('link', { name: 'Start Free Trial' }).waitFor();
    await expect(page.title()).resolves.toContain('About');
  });

  it('sends a signed-out deep link to /login', async () => {
    const { page } = await open('/client/appointments');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { page } = await open('/this/route/does-not-exist');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }).waitFor();
  });
});
