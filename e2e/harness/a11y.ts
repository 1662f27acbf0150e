import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what every screen meets (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Best-practice rules also held to zero: landmarks, headings and page structure. They are not
 * WCAG success criteria on their own, but they are how screen-reader users find their way
 * around a page (1.3.1 Info and Relationships, 2.4.1 Bypass Blocks, 2.4.6 Headings and Labels).
 */
export const STRUCTURE_RULES = [
  'heading-order',
  'empty-heading',
  'landmark-banner-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-one-main',
  'landmark-unique',
  'page-has-heading-one',
  'region',
  'skip-link',
  'aria-dialog-name',
  'aria-text',
  'presentation-role-conflict',
] as const;

export interface AxeCheckOptions {
  /** CSS selectors left out of the check (keep this empty: every exclusion is a known gap). */
  exclude?: string[];
  /** Only these parts of the page (e.g. an open dialog). */
  include?: string[];
  /** Also apply STRUCTURE_RULES (default true). Off for fragments such as a lone dialog. */
  structure?: boolean;
}

/** One violation as a line a developer can act on, with every offending element under it. */
export function formatViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .join(' ');
          return `    - ${node.target.map(String).join(' >> ')}\n      ${summary}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/**
 * Waits for finite CSS animations and transitions (a dialog fading in, a toast sliding) to end,
 * so that colour contrast is measured on what the user ends up seeing. Infinite ones (spinners)
 * are ignored.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Runs axe on the page as it is now: the violations of WCAG_TAGS (+ STRUCTURE_RULES). */
export async function axeViolations(page: Page, options: AxeCheckOptions = {}): Promise<Result[]> {
  const { exclude = [], include = [], structure = true } = options;
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: [...WCAG_TAGS, ...(structure ? ['best-practice'] : [])] },
    resultTypes: ['violations'],
  });
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const structureRules = new Set<string>(STRUCTURE_RULES);
  // The 'best-practice' tag brings more rules than STRUCTURE_RULES: keep only the WCAG ones
  // and the structure ones chosen above.
  return violations.filter(
    (violation) =>
      violation.tags.some((tag) => (WCAG_TAGS as readonly string[]).includes(tag)) ||
      structureRules.has(violation.id),
  );
}

/**
 * Fails with a readable list of violations (rule, impact, target selectors, help) when axe
 * finds any on the page as it is now. `what` names the screen and state in the message.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  let violations = await axeViolations(page, options);
  if (violations.length > 0) {
    // Something may have started animating after the settle (a toast that appears when a
    // load finishes, fading in): judge the page once more when it has come to rest.
    await page.waitForTimeout(500);
    violations = await axeViolations(page, options);
  }
  if (violations.length === 0) return;
  const count = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  throw new Error(
    `${what} (${page.url()}): ${violations.length} accessibility rule(s) violated on ` +
      `${count} element(s):\n${formatViolations(violations)}`,
  );
}

export interface FormReport {
  /** Controls without an accessible name (label, aria-label or aria-labelledby). */
  unlabelled: string[];
  /** Controls marked aria-invalid, with the text their aria-describedby points to. */
  invalid: { control: string; described: string; announced: boolean }[];
}

/**
 * The form controls under `scope` (a CSS selector; the whole page by default): which have no
 * label, and for each invalid one, its described-by text and whether that text sits in a live
 * region (aria-live, role=alert or role=status) so that it is announced when it appears.
 */
export function formReport(page: Page, scope = 'body'): Promise<FormReport> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) throw new Error(`No element matches ${selector}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}[name=${element.getAttribute('name') ?? ''}]`;
    const controls = Array.from(
      root.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea'),
    );
    const unlabelled = controls
      .filter((control) => {
        const byLabel = Array.from(control.labels ?? []).some(
          (label) => label.textContent?.trim() !== '',
        );
        const byAria = (control.getAttribute('aria-label') ?? '').trim() !== '';
        const byReference = (control.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id) => id && document.getElementById(id)?.textContent?.trim());
        return !byLabel && !byAria && !byReference;
      })
      .map(describe);
    const invalid = Array.from(root.querySelectorAll('[aria-invalid="true"]')).map((control) => {
      const targets = (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null);
      const live = '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]';
      return {
        control: describe(control),
        described: targets.map((target) => target.textContent?.trim() ?? '').join(' '),
        announced: targets.some((target) => target.textContent?.trim() && target.closest(live)),
      };
    });
    return { unlabelled, invalid };
  }, scope);
}
