import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { describe, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { testServer } from './test-server';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * `describe` for browser tests: skipped, with the reason logged, when the global setup found
 * no Chromium (it throws instead when REQUIRE_BROWSER=1).
 */
export function describeBrowser(name: string, fn: () => void): void {
  const available = inject('browserAvailable');
  if (!available) {
    console.warn(
      `[e2e] skipping "${name}": Chromium is not installed (apt-get install -y chromium)`,
    );
  }
  describe.skipIf(!available)(name, fn);
}

/** What went wrong in a page that a user would not see but a developer must. */
export interface PageProblems {
  /** console.error messages (failed resource loads and CSP reports show up here too). */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** securitypolicyviolation events: `directive blocked-uri`. */
  cspViolations: string[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  close: () => Promise<void>;
}

const CSP_BINDING = '__slotwiseReportCspViolation';

/**
 * A page in a fresh context (own storage and cookies) whose relative URLs resolve against the
 * test server, with console errors, page errors and CSP violations collected.
 */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: testServer().baseURL,
    viewport: { width: 1280, height: 800 },
    // The screens follow the browser's language on a first visit (docs/product.md §21.1): the
    // tests speak English unless they say otherwise.
    locale: 'en-US',
    ...options,
  });
  const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };

  await context.exposeBinding(CSP_BINDING, (_source, violation: string) => {
    problems.cspViolations.push(violation);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
      report?.(`${event.violatedDirective} ${event.blockedURI}`);
    });
  }, CSP_BINDING);

  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const location = message.location();
      problems.consoleErrors.push(
        location.url ? `${message.text()} (${location.url})` : message.text(),
      );
    }
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));

  return { page, context, problems, close: () => context.close() };
}

/** Saves a full-page PNG to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name.replace(/[^a-z0-9-_]+/gi, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Resolves once the page's socket.io connection has been accepted by the server: live events
 * sent before that would be missed.
 */
export function connectedSocket(page: Page): Promise<void> {
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
