import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Every test runs under a non-UTC zone: day-boundary bugs show up here, not in production.
process.env.TZ ??= 'America/New_York';

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
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          css: false,
          // Lazy routes and chart chunks are transformed on first use: slow on a loaded 2-core box.
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
