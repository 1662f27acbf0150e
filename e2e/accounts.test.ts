import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import { waitForVerificationLink } from './harness/mail';
import { jsBudgetOf } from '../bench/src/scenarios/pages';
import { testServer } from './harness/test-server';

const ZONE = 'America/New_York';
const PASSWORD = 'Secret123';
/**
 * Gzipped JavaScript /login may load, in bytes: the bench's budget for `/login`, written once in
 * bench/src/scenarios/pages.ts and measured the same way (docs/decisions/053-lean-login-route.md,
 * docs/decisions/080-page-weight.md).
 */
const LOGIN_JS_BUDGET_BYTES = jsBudgetOf('/login');

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A PNG bigger than the 500 px the browser must shrink it to. */
function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 79, g: 70, b: 229 } },
  })
    .png()
    .toBuffer();
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

async function fillRegistration(
  page: Page,
  { fullName, email, role }: { fullName: string; email: string; role: 'client' | 'provider' },
) {
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }).check();
}

/** Opens the emailed link and checks the confirmation, which carries the sign-in form. */
async function verifyThroughEmail(page: Page, email: string) {
  const link = await waitForVerificationLink(testServer().dataDir, email);
  expect(new URL(link).origin).toBe(testServer().baseURL);
  await page.goto(link);
  await page.getByText('Your email has been verified. You can now sign in.').waitFor();
  await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A provider made through the API as the product makes one: register, onboard, verify. */
async function createVerifiedProvider(email: string): Promise<void> {
  const base = `${testServer().baseURL}/api`;
  const form = new FormData();
  form.set('firstName', 'Pat');
  form.set('lastName', 'Slots');
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('role', 'provider');
  form.set('timezone', ZONE);
  const registered = await fetch(`${base}/auth/register`, { method: 'POST', body: form });
  expect(registered.status).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(
    (await post('/auth/register/provider', { userId, specialty: 'Barber', bio: '' })).status,
  ).toBe(200);
  const link = await waitForVerificationLink(testServer().dataDir, email);
  const token = new URL(link).searchParams.get('token');
  expect((await post('/auth/verify-email', { token })).status).toBe(200);
}

/** The profile page's own content (the area layout shows the user's name and picture too). */
function profileRegion(page: Page) {
  return page.getByRole('region', { name: 'Profile Information' });
}

/** Source and natural size of the profile page's picture, once loaded. */
async function profilePicture(page: Page) {
  const image = profileRegion(page).getByRole('img', { name: 'Profile picture', exact: true });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute('src') ?? '',
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
}

describeBrowser('accounts', () => {
  let browser: Browser;
  let opened: OpenedPage | undefined;
  /** Console errors a step expects (a refused request is logged, docs/product.md §8). */
  let expectedErrors: RegExp[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    if (!opened) return;
    const { page, problems, close } = opened;
    opened = undefined;
    try {
      if (context.task.result?.state === 'fail') {
        await screenshot(page, `accounts-${context.task.name}`);
      }
      expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
      const unexpected = problems.consoleErrors.filter(
        (message) => !expectedErrors.some((pattern) => pattern.test(message)),
      );
      expect(unexpected, 'console errors').toEqual([]);
      expect(problems.cspViolations, 'CSP violations').toEqual([]);
    } finally {
      expectedErrors = [];
      await close();
    }
  });

  it('client: registers, verifies through the emailed link, logs in and lands on /client', async () => {
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    const email = uniqueEmail('client');

    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await fillRegistration(page, { fullName: 'Cleo Client', email, role: 'client' });
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/email-verification');
    await toast(page, 'Account created succcesfully');
    await page.getByRole('heading', { level: 1, name: 'Verify Your Email' }).waitFor();
    await page.getByText(email).waitFor();
    // The registration mail went out moments ago: the screen starts with the one-minute
    // cooldown counting down on the button instead of offering a resend (product §14.5).
    const countdown = page.getByRole('button', { name: /^Resend in \d+ s$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    expect(Number(/\d+/.exec((await countdown.textContent()) ?? '')![0])).toBeGreaterThan(50);
    expect(
      await page.getByRole('button', { name: "Didn't receive it? Resend Email" }).count(),
    ).toBe(0);
    await screenshot(page, 'accounts-email-verification');

    await verifyThroughEmail(page, email);
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/client');
    await toast(page, 'Login successful');
    await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeTruthy();
    await expect(
      page.evaluate(() => JSON.parse(window.sessionStorage.getItem('user') ?? '{}').firstName),
    ).resolves.toBe('Cleo');
  });

  it('provider: registers with a picture, completes the profile, verifies, logs in and lands on /dashboard', async () => {
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    const email = uniqueEmail('provider');

    await page.goto('/register');
    await page
      .getByLabel('Profile picture (optional)')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(1200, 800) });
    await page.getByRole('img', { name: 'Profile picture preview' }).waitFor();
    await fillRegistration(page, { fullName: 'Pat Provider', email, role: 'provider' });
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/register-provider');
    await toast(page, 'Account created succcesfully');
    await page.getByLabel('Specialty').fill('Barber');
    await page.getByLabel('Bio (optional)').fill('Sharp cuts since 2010.');
    // Category and city are required since the catalogue (docs/product.md §11.1).
    await page.getByLabel('Category').selectOption('barber');
    await page.getByRole('combobox', { name: 'City' }).fill('Brooklyn');
    await page
      .getByRole('option', { name: /^Brooklyn/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await page.waitForURL('**/email-verification');
    await toast(page, 'Provider profile completed!');
    await page.getByText(email).waitFor();

    await verifyThroughEmail(page, email);
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await toast(page, 'Login successful');

    // The picture chosen at registration: shrunk to at most 500 px and stored.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile Information' }).waitFor();
    await profileRegion(page).getByText('Sharp cuts since 2010.').waitFor();
    const picture = await profilePicture(page);
    expect(picture.src).toMatch(/^\/uploads\//);
    expect(Math.max(picture.width, picture.height)).toBeLessThanOrEqual(500);
  });

  it('profile: updates photo, name and password; logs out and logs in with the new password', async () => {
    const email = uniqueEmail('profile');
    await createVerifiedProvider(email);
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;

    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile Information' }).waitFor();
    await profileRegion(page).getByText('PROVIDER', { exact: true }).waitFor();
    await profileRegion(page).getByText('No bio available').waitFor();
    await expect(
      profileRegion(page)
        .getByRole('img', { name: 'Profile picture', exact: true })
        .getAttribute('src'),
    ).resolves.toBe('/default-avatar.svg');

    await profileRegion(page).getByRole('button', { name: 'Update Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await dialog
      .getByLabel('Change photo')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: await makePng(900, 1400) });
    await dialog.getByRole('img', { name: 'Profile picture preview' }).waitFor();
    await dialog.getByLabel('First name').fill('Patricia');
    await dialog.getByLabel('New password').fill('NewSecret1');
    await dialog.getByLabel('Bio').fill('Twenty years of sharp cuts.');
    await screenshot(page, 'accounts-update-profile-modal');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await toast(page, 'Profile updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await profileRegion(page).getByText('Patricia Slots').waitFor();
    await profileRegion(page).getByText('Twenty years of sharp cuts.').waitFor();
    const picture = await profilePicture(page);
    expect(picture.src).toMatch(/^\/uploads\//);
    expect(Math.max(picture.width, picture.height)).toBeLessThanOrEqual(500);
    await screenshot(page, 'accounts-profile-updated');
    await expect(
      page.evaluate(() => JSON.parse(window.sessionStorage.getItem('user') ?? '{}')),
    ).resolves.toMatchObject({ firstName: 'Patricia', profileImageUrl: picture.src });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // The session is cleared once the area has unmounted, just after the navigation
    // (docs/decisions/021-logout-order.md): wait for it rather than race it.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // The old password no longer works (a refused login is logged, docs/product.md §8).
    expectedErrors = [/status of 401/, /\[api\] Invalid email or password/];
    await logIn(page, email, PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await toast(page, 'Login Failed');

    await logIn(page, email, 'NewSecret1');
    await page.waitForURL('**/dashboard');
    await toast(page, 'Login successful');
  });

  it('client logout goes to the landing page', async () => {
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    const email = uniqueEmail('leaver');
    await page.goto('/register');
    await fillRegistration(page, { fullName: 'Lee Leaver', email, role: 'client' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/email-verification');
    await verifyThroughEmail(page, email);
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/client');
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();

    // Logout lives in the profile menu (docs/product.md §2), whose button is named after the user.
    await page.getByRole('button', { name: 'Lee Leaver' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    // The token was revoked on the server, not only forgotten by the browser.
    const after = await fetch(`${testServer().baseURL}/api/profile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  it('/login loads at most its JavaScript budget, and validates once the form is used', async () => {
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    // The gzip size of every script the page loads, as the bench's pages scenario counts them.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const bytes = scripts
      .map(
        (path) =>
          gzipSync(readFileSync(new URL(`../apps/web/dist${path}`, import.meta.url)), { level: 9 })
            .length,
      )
      .reduce((a, b) => a + b, 0);
    expect(bytes, `gzipped JS for /login (${scripts.join(', ')})`).toBeLessThanOrEqual(
      LOGIN_JS_BUDGET_BYTES,
    );

    // The validation code comes later, with the shared schema's messages.
    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.focus();
    await emailField.blur();
    await page.getByText('Email is required').waitFor();
  });

  it("/login's page preloads the login screen's chunks, which the screen then runs from", async () => {
    // docs/decisions/053-lean-login-route.md: fetched with the entry, not after it has run.
    const preloadsOf = async (path: string) => {
      const res = await fetch(`${testServer().baseURL}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1]!,
      );
    };
    const index = await preloadsOf('/');
    const login = await preloadsOf('/login?next=%2Fproviders');
    const own = login.filter((href) => !index.includes(href));
    expect(own.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(own.some((href) => /\/assets\/form-kit-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of login) {
      const res = await fetch(`${testServer().baseURL}${href}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type'), href).toMatch(/javascript/);
    }
    // Another screen keeps index.html, without the login screen's chunks.
    expect(await preloadsOf('/register')).toEqual(index);

    // Every chunk the screen runs from was preloaded: no script is fetched late.
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    const entry = scripts.filter((script) => !login.includes(script));
    expect(entry, 'scripts /login loads that its page does not preload').toHaveLength(1);
    expect(entry[0]).toMatch(/\/assets\/index-[\w-]+\.js$/);
  });

  it('fits a 360 px wide screen without horizontal scrolling', async () => {
    opened = await newPage(browser, { viewport: { width: 360, height: 740 }, timezoneId: ZONE });
    const { page } = opened;
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    for (const [path, heading] of [
      ['/register', 'Create Account'],
      ['/register-provider', 'Complete Your Provider Profile'],
      ['/email-verification', 'Verify Your Email'],
      ['/login', 'Login'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await overflow(), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await screenshot(page, `accounts-mobile${path.replace(/\//g, '-')}`);
    }

    const email = uniqueEmail('narrow');
    await createVerifiedProvider(email);
    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/profile');
    await profileRegion(page).getByText(email).waitFor();
    expect(await overflow(), 'horizontal overflow on /dashboard/profile').toBeLessThanOrEqual(0);
    await profileRegion(page).getByRole('button', { name: 'Update Profile' }).click();
    await page.getByRole('dialog', { name: 'Update Profile' }).waitFor();
    expect(await overflow(), 'horizontal overflow with the modal open').toBeLessThanOrEqual(0);
    await screenshot(page, 'accounts-profile-modal-mobile');
  });
});
