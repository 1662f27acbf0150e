import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { providerId } from '../ids';
import { root } from '../paths';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Same headless flags as the browser tests (e2e/harness/chromium.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every page the bench opens, with its JavaScript budget: the gzip size of all the scripts it
 * loads (docs/decisions/053-lean-login-route.md). Lighthouse runs on the pages with a score target
 * only (a run takes about half a minute). The signed-in areas are left out: without a session
 * they redirect to /login.
 */
export interface PageSpec {
  path: string;
  /** Budget for the gzip size of every script the page loads, bytes. */
  jsBudgetBytes: number;
  /** Lighthouse performance target (0-100), or null: not run. */
  lighthouseTarget: number | null;
  /** Lighthouse SEO target (0-100), when the page is one search engines read (§21.2). */
  seoTarget?: number;
}

const KB = 1024;
/**
 * The one list of the pages' JavaScript budgets: the browser tests hold `/` and `/login` to the same
 * numbers (e2e/shell.test.ts, e2e/accounts.test.ts; docs/decisions/080-page-weight.md).
 */
export const PAGES: PageSpec[] = [
  { path: '/', jsBudgetBytes: 120 * KB, lighthouseTarget: 95 },
  { path: '/login', jsBudgetBytes: 140 * KB, lighthouseTarget: 95 },
  { path: '/about', jsBudgetBytes: 125 * KB, lighthouseTarget: null },
  { path: '/providers', jsBudgetBytes: 175 * KB, lighthouseTarget: null },
  { path: '/register', jsBudgetBytes: 180 * KB, lighthouseTarget: null },
  { path: '/register-provider', jsBudgetBytes: 185 * KB, lighthouseTarget: null },
  { path: '/email-verification', jsBudgetBytes: 180 * KB, lighthouseTarget: null },
  { path: '/forgot-password', jsBudgetBytes: 175 * KB, lighthouseTarget: null },
  { path: '/reset-password', jsBudgetBytes: 180 * KB, lighthouseTarget: null },
  // A seeded provider's public page, served with its words in the first HTML
  // (docs/decisions/075-search-engine-pages.md): needs the seeded data (run with another
  // scenario that seeds, e.g. `npm run bench -- seo pages`).
  {
    path: `/providers/${providerId(100)}`,
    jsBudgetBytes: 185 * KB,
    lighthouseTarget: 95,
    seoTarget: 100,
  },
];

/** The JavaScript budget of `path` in PAGES, bytes of gzip. */
export function jsBudgetOf(path: string): number {
  const page = PAGES.find((spec) => spec.path === path);
  if (!page) throw new Error(`no budget for ${path} in PAGES`);
  return page.jsBudgetBytes;
}

export interface PageResult {
  path: string;
  jsBudgetBytes: number;
  lighthouseTarget: number | null;
  seoTarget?: number;
  scripts: number;
  /** Each script loaded, with its gzip size in bytes. */
  scriptSizes: Record<string, number>;
  /** Sum of the gzip-encoded sizes of every script the page loaded, bytes. */
  jsGzipBytes: number;
  /** What Chromium actually transferred for them (it accepts brotli), bytes. */
  jsTransferredBytes: number;
  lighthouse: number | null;
  /** Lighthouse SEO score, when the page has an SEO target. */
  lighthouseSeo?: number | null;
  lighthouseMetrics: Record<string, number>;
  lighthouseError?: string;
  /** `/` only: Chrome's installability check (docs/decisions/073-phones.md). */
  installability?: InstallabilityResult;
}

/** The size of a resource as sent with `Accept-Encoding: gzip`, bytes on the wire. */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function scriptsOf(baseUrl: string, pagePath: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .request()
          .sizes()
          .then(
            (sizes) => void scripts.set(response.url(), sizes.responseBodySize),
            () => void scripts.set(response.url(), 0),
          ),
      );
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    // On a busy machine the entry chunk may run for longer than networkidle's 500 ms before it
    // asks for the route's chunk: wait for the screen itself, then for the network again.
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return scripts;
  } finally {
    await browser.close();
  }
}

async function lighthouse(url: string, categories: string) {
  const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      url,
      `--only-categories=${categories}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number | null }; seo?: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
  const metrics: Record<string, number> = {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const value = report.audits[id]?.numericValue;
    if (value !== undefined) metrics[id] = Math.round(value * 1000) / 1000;
  }
  const score = report.categories.performance.score;
  const seo = report.categories.seo?.score ?? null;
  return {
    score: score === null ? null : Math.round(score * 100),
    seo: seo === null ? null : Math.round(seo * 100),
    metrics,
    error: report.runtimeError?.message,
  };
}

/** Scripts loaded by a page (gzip and as transferred) and, when targeted, its Lighthouse score. */
export async function measurePage(baseUrl: string, spec: PageSpec): Promise<PageResult> {
  const pagePath = spec.path;
  const scripts = await scriptsOf(baseUrl, pagePath);
  const gzip = await Promise.all([...scripts.keys()].map((url) => gzipSize(url)));
  const result: PageResult = {
    ...spec,
    scripts: scripts.size,
    scriptSizes: Object.fromEntries(
      [...scripts.keys()].map((url, i) => [new URL(url).pathname, gzip[i]!]),
    ),
    jsGzipBytes: gzip.reduce((a, b) => a + b, 0),
    jsTransferredBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
    lighthouse: null,
    lighthouseMetrics: {},
  };
  if (pagePath === '/') result.installability = await checkInstallability(baseUrl);
  if (spec.lighthouseTarget === null) return result;
  try {
    const categories = spec.seoTarget === undefined ? 'performance' : 'performance,seo';
    const lh = await lighthouse(`${baseUrl}${pagePath}`, categories);
    result.lighthouse = lh.score;
    if (spec.seoTarget !== undefined) result.lighthouseSeo = lh.seo;
    result.lighthouseMetrics = lh.metrics;
    if (lh.error) result.lighthouseError = lh.error;
  } catch (error) {
    // execFile's message is the command line; what Lighthouse said is at the end of its stderr.
    const stderr = (error as { stderr?: unknown }).stderr;
    const said = typeof stderr === 'string' ? stderr.trim().split('\n').slice(-3).join(' ') : '';
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    result.lighthouseError = (said || message).slice(0, 300);
  }
  return result;
}

export interface InstallabilityResult {
  /** Chrome's objections (`Page.getInstallabilityErrors` ids, with their arguments). */
  errors: string[];
  /** The check itself failed (no worker, no browser). */
  failure?: string;
}

/**
 * Chrome's own installability check on `/` (docs/decisions/073-phones.md: Lighthouse 12 has no
 * PWA category any more): in a real (not incognito) profile, once the service worker is active
 * and controls the page. Target: no errors.
 */
export async function checkInstallability(baseUrl: string): Promise<InstallabilityResult> {
  const profile = await mkdtemp(path.join(tmpdir(), 'slotwise-bench-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      // In the page (the bench compiles without the DOM types): the worker active and in control.
      await page.evaluate(`(async () => {
        await navigator.serviceWorker.ready;
        if (navigator.serviceWorker.controller) return;
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      })()`);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      return {
        errors: installabilityErrors.map((error) =>
          [error.errorId, ...error.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
        ),
      };
    } finally {
      await context.close();
    }
  } catch (error) {
    return {
      errors: [],
      failure: error instanceof Error ? error.message.slice(0, 300) : String(error),
    };
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
