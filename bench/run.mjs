// `npm run bench [-- scenario…]`: raises the open-file limit (5,000 sockets on each side),
// then runs the TypeScript runner with tsx. `npm run bench -- --help` lists the scenarios.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const command = [
  'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true',
  'exec "$0" --import tsx "$@"',
].join('; ');
const result = spawnSync(
  'bash',
  ['-c', command, process.execPath, path.join(here, 'src/main.ts'), ...args],
  { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } },
);
process.exit(result.status ?? 1);
