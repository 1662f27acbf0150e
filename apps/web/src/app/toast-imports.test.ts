import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('react-toastify imports', () => {
  // The default entry injects a <style> element (blocked by the CSP) and is a second copy of
  // the library: toasts raised through it never reach the app's container.
  it("only uses 'react-toastify/unstyled'", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const offenders = Object.entries(sources)
      .filter(([, text]) => /from\s+['"]react-toastify['"]/.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
