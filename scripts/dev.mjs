// `npm run dev`: the API with reload (tsx watch) and the SPA with hot reload (Vite, proxying /api).
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@slotwise/server'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@slotwise/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode ??= code ?? 0;
  });
