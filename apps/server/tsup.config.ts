import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    migrate: 'src/db/migrate-cli.ts',
    // A worker thread's own entry, beside main.js (docs/decisions/090).
    'parse-ics-worker': 'src/modules/calendar-sync/parse-ics-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared package ships TypeScript sources: bundle it; keep real dependencies external.
  noExternal: [/^@slotwise\//],
});
