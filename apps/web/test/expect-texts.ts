import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Asserts that `element`'s text contains each of `texts` (toHaveTextContent, one by one). */
export function expectTexts(element: HTMLElement | undefined, texts: (string | RegExp)[]): void {
  for (const text of texts) expect(element).toHaveTextContent(text);
}

/** Asserts that `element` shows each of `texts` as an element's whole text (getByText). */
export function expectShown(element: HTMLElement, texts: string[]): void {
  for (const text of texts) expect(within(element).getByText(text)).toBeInTheDocument();
}
