#!/usr/bin/env node
// Runs shell commands side by side, as many at a time as the machine has cores (PARALLEL=n
// overrides), and prints each command's output in one piece when it ends. Exits non-zero when
// any command failed, after all of them have ended. For `npm test`: typecheck and lint are two
// single-threaded jobs that fit the 2-core CI machine together (docs/decisions/070-ci-speed.md).
//
//   node scripts/parallel.mjs 'npm run typecheck' 'npm run lint'
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs <command> [<command> ...]');
  process.exit(2);
}
const TAIL_LINES = 120;
const lanes = Math.max(1, Number(process.env.PARALLEL) || availableParallelism());

/** Runs one command through the shell; resolves with its exit code and everything it printed. */
function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `failed (${code ?? signal})`;
      const printed = Buffer.concat(output);
      process.stdout.write(`\n== ${command}: ${status} in ${seconds} s\n`);
      process.stdout.write(printed);
      summary.push({ command, status, seconds, printed });
      resolve(code === 0 ? 0 : 1);
    });
  });
}

/** Each command's ending, in the order they ended: printed again at the very end (below). */
const summary = [];

let next = 0;
let failures = 0;
async function lane() {
  while (next < commands.length) {
    const command = commands[next++];
    // Await first, then add: `failures += await …` reads `failures` before the await, and a lane
    // ending later would write back its stale sum over an earlier lane's failure.
    const failed = await run(command);
    failures += failed;
  }
}
await Promise.all(Array.from({ length: Math.min(lanes, commands.length) }, lane));
// Only the end of a long log may be shown (a CI page): repeat the tail of every failed command,
// then one line per command, so what failed is the last thing printed.
for (const { command, status, printed } of summary) {
  if (status === 'ok') continue;
  const tail = printed.toString('utf8').split('\n').slice(-TAIL_LINES).join('\n');
  process.stdout.write(`\n== the last ${TAIL_LINES} lines of ${command} (${status}):\n${tail}\n`);
}
process.stdout.write('\n== summary\n');
for (const { command, status, seconds } of summary) {
  process.stdout.write(`${status === 'ok' ? 'ok    ' : 'FAILED'} ${seconds} s  ${command}\n`);
}
process.exit(failures > 0 ? 1 : 0);
