import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Every test runs under a non-UTC zone: day-boundary bugs show up here, not in production.
process.env.TZ ??= 'America/New_York';

/**
 * Web test files that replace a module with `vi.mock`: a mock must not reach another file, so
 * these run in a project of their own, each file in its own module graph (decision 078).
 * `scripts/isolated-tests.test.ts` fails when a file that mocks is missing here.
 */
export const WEB_FILES_THAT_MOCK = [
  'src/app/realtime-provider.test.tsx',
  'src/features/accounts/provider-profile-page.test.tsx',
  'src/features/accounts/register-page.test.tsx',
  'src/features/waitlist/waitlist-live.test.tsx',
  'src/lib/socket.test.ts',
];

/** Browser test files at a time, and so servers the browser tests' global setup starts. */
const BROWSER_TEST_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 3);

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on the 2-core CI
    // machine, where the files mostly wait on PGlite, jsdom and module loading. Two keep both
    // cores busy there (docs/decisions/070-ci-speed.md); bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The repository's own checks (scripts/check-*.mjs), each against a planted violation.
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file: importing the app for each of ~120 files
          // was most of the suite's time (docs/decisions/078-ci-within-budget.md). Each file
          // still builds its own app on its own database; no file mocks a module.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_FILES_THAT_MOCK,
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          css: false,
          // Lazy routes and chart chunks are transformed on first use: slow on a loaded 2-core box.
          testTimeout: 15_000,
          // As the server's (decision 078); the files that mock a module run apart, isolated.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: WEB_FILES_THAT_MOCK,
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          css: false,
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          globalSetup: ['harness/global-setup.ts'],
          // Three files at a time on a slow 2-core machine stretch a test to about twice its time
          // alone (the longest, 13 s alone, took 28 s): room for that, and for a slower machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser files run side by side, each worker on a server and database of its own that
          // the global setup starts: three at a time take 0.7–0.8 of the time one at a time
          // does on 2 cores, which Chromium keeps busy
          // (docs/decisions/086-browser-tests-side-by-side.md).
          maxWorkers: BROWSER_TEST_WORKERS,
          // A project whose worker count differs from the others' runs in a group of its own,
          // after them, when one command runs every project.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
