// Decides whether a build output is older than the sources it is made from.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const shared = ['packages/shared/src', 'package-lock.json'];

export const targets = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
    ],
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: [...shared, 'apps/server/src', 'apps/server/tsup.config.ts'],
  },
};

/** Names of the targets ('web', 'server') whose output is missing or older than a source. */
export function staleTargets() {
  return Object.entries(targets)
    .filter(([, { output, sources }]) => {
      const built = newestMtime(path.join(root, output));
      return built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built);
    })
    .map(([name]) => name);
}
