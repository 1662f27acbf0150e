import type { Locator, Page } from 'playwright-core';

/**
 * Keyboard-only helpers: move the focus with Tab / Shift+Tab as a user would, and describe and
 * check where it is.
 */

interface FocusState {
  /** The element the caller is waiting for has the focus. */
  onTarget: boolean;
  /** A short description of the focused element, for messages. */
  description: string;
  /** The focused element shows a focus indicator (outline or ring) that is not transparent. */
  indicated: boolean;
  /**
   * Nothing in particular is focused (<body>), or a container that only takes the focus
   * programmatically (tabindex=-1, e.g. <main> after the skip link): no indicator needed.
   */
  onBody: boolean;
}

/**
 * Where the focus is, and whether it can be seen; `target` is compared with it if given.
 * `subject` is checked for the indicator instead of the focused element: the active option of
 * a combobox (aria-activedescendant) is "focused" while the DOM focus stays in the input.
 */
async function focusState(page: Page, target?: Locator, subject?: Locator): Promise<FocusState> {
  const handle = target ? await target.elementHandle({ timeout: 10_000 }) : null;
  const subjectHandle = subject ? await subject.elementHandle({ timeout: 10_000 }) : null;
  try {
    return await page.evaluate(
      ([wanted, shown]) => {
        const active = (shown ?? document.activeElement) as HTMLElement | null;
        const visible = (color: string) =>
          color !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(color.replace(/\s+/g, ' '));
        // A ring is a box-shadow with no offset and no blur: '<color> 0px 0px 0px 2px'.
        const ring = (shadow: string) => shadow !== 'none' && /\)\s+0px 0px 0px [1-9]/.test(shadow);
        const outlined = (element: Element) => {
          const style = getComputedStyle(element);
          return (
            (style.outlineStyle !== 'none' &&
              parseFloat(style.outlineWidth) > 0 &&
              visible(style.outlineColor)) ||
            ring(style.boxShadow)
          );
        };
        let indicated = false;
        if (active && active !== document.body) {
          indicated = outlined(active);
          // A date or time input's own picker button (inside the browser's shadow tree) has the
          // focus: the host no longer matches :focus, and the browser draws its focus ring.
          if (!indicated && active.matches('input[type^="date"], input[type="time"]')) {
            indicated = !active.matches(':focus');
          }
          // A visually hidden input shows its focus on its label; a card on :focus-within.
          const label = active.closest('label');
          if (!indicated && label) indicated = outlined(label);
          let ancestor = active.parentElement;
          for (let level = 0; !indicated && ancestor && level < 3; level++) {
            if (ancestor.matches(':focus-within') && ring(getComputedStyle(ancestor).boxShadow)) {
              indicated = true;
            }
            ancestor = ancestor.parentElement;
          }
        }
        const name =
          active?.getAttribute('aria-label') ??
          (active?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        const type = active?.getAttribute('type');
        const role =
          (active?.getAttribute('role') ?? active?.tagName.toLowerCase() ?? 'none') +
          (type ? `[type=${type}]` : '') +
          (active?.id ? `#${active.id}` : '');
        return {
          onTarget: wanted !== null && active === wanted,
          description: `${role} "${name}"`,
          indicated,
          onBody: !active || active === document.body || active.getAttribute('tabindex') === '-1',
        };
      },
      [handle, subjectHandle] as const,
    );
  } finally {
    await handle?.dispose();
    await subjectHandle?.dispose();
  }
}

/** A description of the focused element (role and name), for assertion messages. */
export async function focused(page: Page): Promise<string> {
  return (await focusState(page)).description;
}

/** True when `target` has the focus. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

export interface TabOptions {
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** Give up after this many key presses. */
  max?: number;
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; returns how many presses it took.
 * Every element passed on the way must show a visible focus indicator (WCAG 2.4.7).
 */
export async function tabTo(page: Page, target: Locator, options: TabOptions = {}) {
  const { backwards = false, max = 60 } = options;
  await target.waitFor();
  const passed: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    const state = await focusState(page, target);
    if (!state.onBody && !state.indicated) {
      throw new Error(`No visible focus indicator on ${state.description} (${page.url()})`);
    }
    if (state.onTarget) return presses;
    passed.push(state.description);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${String(target)} not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses; ` +
      `passed: ${passed.join(' → ')}`,
  );
}

/**
 * The focused element — or `subject`, e.g. a combobox's active option — shows a visible focus
 * indicator (a non-transparent outline or a ring); a background tint alone does not count.
 */
export async function focusIsVisible(page: Page, subject?: Locator): Promise<boolean> {
  return (await focusState(page, undefined, subject)).indicated;
}
