import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(benchDir, '..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');
export const webDist = path.join(root, 'apps/web/dist');
export const resultsFile = path.join(benchDir, 'results.json');
