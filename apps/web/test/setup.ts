import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { startI18n } from '../src/lib/i18n';
import { takeContractViolations } from './contract';

// Screens speak English in tests (the English text is the key: docs/decisions/074-languages.md).
await startI18n('en');

// jsdom has no socket server: screens get a socket that never connects (test/inert-socket.ts).
// lib/socket.test.ts unmocks it; a file that drives the socket mocks it its own way.
vi.mock('../src/lib/socket', () => import('./inert-socket'));

// Screens are lazy routes: the first test of a file waits for the module to be transformed,
// which takes longer than Testing Library's 1 s default on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; React Router's ScrollRestoration calls these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  // Every test file stubs fetch (test/mock-api.ts) and some fake the clock: undone here once.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  try {
    // An in-memory API fake answered something the server's schemas would not (test/contract.ts).
    expect(takeContractViolations(), 'API fake answers match packages/shared schemas').toEqual([]);
  } finally {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});
