#!/usr/bin/env node
/* global document, window -- page.evaluate and addInitScript run these callbacks in the browser. */
/**
 * `npm run screens`: full-page screenshots of the product's main screens at 1280 × 800 and
 * 390 × 844 into docs/screens/<screen>-<width>.png (JPEG when PNGs would pass 15 MB; docs/screens/README.md, docs/product.md §14).
 *
 * It builds nothing: run `npm run build` first. It starts the built server
 * (apps/server/dist/main.js) with demo data on a temporary DATA_DIR and a free port, signs in as
 * the demo client and the demo provider (apps/server/src/demo/demo-catalogue.ts), captures the
 * fixed list below with Debian's Chromium (CHROMIUM_PATH overrides it), and stops the server.
 * Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const WEB_ENTRY = join(ROOT, 'apps/web/dist/index.html');
const OUT = join(ROOT, 'docs/screens');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The demo sign-ins (README: the server prints them at start).
const DEMO = {
  client: 'demo.client@slotwise.test',
  provider: 'demo.provider@slotwise.test',
  password: 'Password123',
};
/** A demo city (apps/server/src/demo/seed-marketplace.ts) for the search screen. */
const CITY = { placeId: '5128581', name: 'New York City' };
/** Over this total the screens are saved as JPEG (quality 70) instead of PNG. */
const PNG_BUDGET_BYTES = 15 * 1024 * 1024;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/**
 * The screens: a name, who is signed in, the path (given the demo provider's id) and an optional
 * step after load (a tab or a toggle). A missing step control is skipped, not an error.
 */
const SCREENS = [
  {
    name: 'landing',
    as: null,
    path: () => '/',
    // The top-rated band comes with the visitor's first move (the landing page's budget).
    step: async (page) => {
      await page.mouse.move(20, 20);
      await page.mouse.wheel(0, 600);
      await page
        .getByRole('region', { name: 'Top-rated providers' })
        .getByRole('link')
        .first()
        .waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'providers',
    as: null,
    path: () =>
      `/providers?partOfDay=evening&date=${localDay()}&placeId=${CITY.placeId}&place=${encodeURIComponent(CITY.name)}`,
  },
  { name: 'provider-public', as: null, path: (ids) => `/providers/${ids.provider}` },
  { name: 'client-home', as: 'client', path: () => '/client' },
  { name: 'client-provider', as: 'client', path: (ids) => `/client/provider/${ids.provider}` },
  { name: 'client-appointments-upcoming', as: 'client', path: () => '/client/appointments' },
  {
    name: 'client-appointments-past',
    as: 'client',
    path: () => '/client/appointments',
    step: (page) => clickIfPresent(page, ['tab', 'button', 'link'], /^Past/),
  },
  { name: 'notifications', as: 'client', path: () => '/notifications' },
  { name: 'dashboard', as: 'provider', path: () => '/dashboard' },
  {
    name: 'timeslots-calendar',
    as: 'provider',
    path: () => '/dashboard/timeslots',
    step: (page) => clickIfPresent(page, ['radio', 'button', 'tab'], /^(Calendar|Week)/),
  },
  {
    name: 'timeslots-list',
    as: 'provider',
    path: () => '/dashboard/timeslots',
    step: (page) => clickIfPresent(page, ['radio', 'button', 'tab', 'link'], /^List/),
  },
  { name: 'messages', as: 'client', path: () => '/messages' },
  { name: 'settings', as: 'provider', path: () => '/dashboard/profile' },
];

function localDay(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, attempt, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value) return value;
    } catch (error) {
      if (error?.fatal) throw error;
      last = error;
    }
    await sleep(500);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${last ? `: ${last}` : ''}`);
}

/** POST /api/auth/login, retried while the demo data is still being seeded. */
function signIn(baseURL, email) {
  return waitFor(`signing in as ${email}`, async () => {
    const response = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO.password }),
    });
    if (!response.ok) return null;
    const body = await response.json();
    return { token: body.token, user: body.user };
  });
}

async function clickIfPresent(page, roles, name) {
  for (const role of roles) {
    const control = page.getByRole(role, { name }).first();
    if ((await control.count()) === 0) continue;
    // A radio is often a visually hidden input under its label: click the input itself.
    if (role === 'radio') {
      if (!(await control.isChecked())) await control.evaluate((input) => input.click());
    } else await control.click({ timeout: 5_000 });
    return;
  }
  console.warn(`  (no ${roles.join('/')} named ${name} on ${page.url()})`);
}

/** Waits until the page has settled: no network for a moment, fonts and images loaded. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.waitForTimeout(400);
}

async function capture(browser, baseURL, sessions, ids) {
  const written = [];
  for (const viewport of WIDTHS) {
    const contexts = new Map();
    const contextFor = async (as) => {
      const key = as ?? 'public';
      if (!contexts.has(key)) {
        const context = await browser.newContext({
          baseURL,
          viewport,
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        const session = as ? sessions[as] : null;
        if (session) {
          // As the login screen leaves it (docs/product.md §3): token and user in storage.
          await context.addInitScript((s) => {
            window.localStorage.setItem('token', s.token);
            window.sessionStorage.setItem('user', JSON.stringify(s.user));
          }, session);
        }
        contexts.set(key, context);
      }
      return contexts.get(key);
    };
    for (const screen of SCREENS) {
      const page = await (await contextFor(screen.as)).newPage();
      try {
        await page.goto(screen.path(ids), { waitUntil: 'load' });
        await settle(page);
        if (screen.step) {
          // A step that cannot be taken leaves the screen as it loaded (reported, not fatal).
          await screen.step(page).catch((error) => {
            console.warn(`  (step on ${screen.name} failed: ${String(error).split('\n')[0]})`);
          });
          await settle(page);
        }
        // The viewport grows to the whole page, so that fixed parts (the phone tab bar) sit at
        // its end as on a real phone, not across the middle of a tall capture.
        const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({
          width: viewport.width,
          height: Math.max(viewport.height, pageHeight),
        });
        await page.waitForTimeout(300);
        const shot = { fullPage: true, animations: 'disabled' };
        written.push({
          name: `${screen.name}-${viewport.width}`,
          png: await page.screenshot({ ...shot, type: 'png' }),
          jpeg: await page.screenshot({ ...shot, type: 'jpeg', quality: 70 }),
        });
        console.log(`  ${screen.name}-${viewport.width}`);
      } finally {
        await page.close();
      }
    }
    for (const context of contexts.values()) await context.close();
  }
  return written;
}

/** Spawns the built server on a free port and `dataDir`; resolves once it is healthy. */
async function startOnce(dataDir) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      RATE_LIMIT: 'off',
      PUBLIC_URL: baseURL,
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor('the server answering /api/health', async () => {
      if (server.exitCode !== null) {
        throw Object.assign(new Error(`the server exited (${server.exitCode})`), { fatal: true });
      }
      const response = await fetch(`${baseURL}/api/health`);
      return response.ok;
    });
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return { server, baseURL, dataDir };
}

/**
 * On a busy machine the embedded database may miss the server's start deadline: try again on
 * the same DATA_DIR, where what the last attempt created (the database files) is kept.
 */
async function startServer(attempts = 5) {
  const dataDir = await mkdtemp(join(tmpdir(), 'slotwise-screens-'));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(dataDir);
    } catch (error) {
      if (attempt >= attempts) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
      console.warn(`  (server start ${attempt} failed, trying again: ${error.message})`);
      await sleep(5_000 * attempt);
    }
  }
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function main() {
  for (const entry of [SERVER_ENTRY, WEB_ENTRY]) {
    if (!existsSync(entry)) {
      console.error(`${entry} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  const { server, baseURL, dataDir } = await startServer();
  let browser;
  try {
    const sessions = {
      client: await signIn(baseURL, DEMO.client),
      provider: await signIn(baseURL, DEMO.provider),
    };
    const ids = { provider: String(sessions.provider.user.providerId) };
    await mkdir(OUT, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // As e2e/harness/chromium.ts: headless in a sandbox without a GPU or network.
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    });
    console.log(`Screens of ${baseURL} into docs/screens/:`);
    const shots = await capture(browser, baseURL, sessions, ids);
    const pngBytes = shots.reduce((sum, shot) => sum + shot.png.length, 0);
    const type = pngBytes > PNG_BUDGET_BYTES ? 'jpeg' : 'png';
    const extension = type === 'png' ? 'png' : 'jpg';
    for (const old of await readdir(OUT)) {
      if (/\.(png|jpg)$/.test(old)) await rm(join(OUT, old));
    }
    for (const shot of shots) await writeFile(join(OUT, `${shot.name}.${extension}`), shot[type]);
    const total = shots.reduce((sum, shot) => sum + shot[type].length, 0);
    console.log(
      `${shots.length} screenshots written as ${extension.toUpperCase()} (${(total / 1048576).toFixed(1)} MB).`,
    );
  } finally {
    await browser?.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
