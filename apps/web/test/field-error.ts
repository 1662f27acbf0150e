import { expect } from 'vitest';

/**
 * Asserts that `control` shows `message` as its error: marked aria-invalid, the message tied to
 * it by aria-describedby, announced (inside a live region: aria-live, role=alert or
 * role=status) and placed under it (after it in the document).
 */
export function expectFieldError(control: HTMLElement, message: string): void {
  expect(control).toHaveAttribute('aria-invalid', 'true');
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const described = ids
    .map((id) => document.getElementById(id))
    .filter((element): element is HTMLElement => element !== null);
  const errorElement = described.find((element) => element.textContent === message);
  expect(
    errorElement,
    `"${message}" tied to the control (has: ${JSON.stringify(described.map((e) => e.textContent))})`,
  ).toBeDefined();
  expect(
    errorElement!.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]'),
    `"${message}" is announced (inside a live region)`,
  ).not.toBeNull();
  expect(
    control.compareDocumentPosition(errorElement!) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
}

/** Asserts that `control` has no error shown. */
export function expectNoFieldError(control: HTMLElement): void {
  expect(control).not.toHaveAttribute('aria-invalid');
}
