// `npm start`: build what is missing or stale, then run the server in this very process
// (so Ctrl-C reaches it directly and it can shut down gracefully).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, staleTargets } from './build-state.mjs';

const workspaces = { web: '@slotwise/web', server: '@slotwise/server' };
for (const target of staleTargets()) {
  console.log(`slotwise: building ${target}...`);
  execSync(`npm run build -w ${workspaces[target]}`, { cwd: root, stdio: 'inherit' });
}
process.env.WEB_DIST_DIR ??= path.join(root, 'apps/web/dist');
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
