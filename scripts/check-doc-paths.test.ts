import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'check-doc-paths.mjs');
let root = '';

/** A small git repository holding `files` (path → text). */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'doc-paths-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  spawnSync('git', ['init', '-q'], { cwd: root });
  spawnSync('git', ['add', '-A'], { cwd: root });
  return root;
}

function check(dir: string) {
  const run = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { status: run.status, errors: run.stderr };
}

const code = {
  'apps/server/src/modules/appointments/book.ts': 'export {};\n',
  'apps/web/src/lib/bind-fields.ts': 'export {};\n',
  'bench/reports/latest-postgresql.json': '{}\n',
  'docs/decisions/057-provider-window-cache.md': '# 057\n',
  'docs/product.md': '# Product\n',
  '.gitignore': 'dist/\ndata/\n',
};

const clean = [
  'The booking: `apps/server/src/modules/appointments/book.ts:12`, see',
  '[decision 057](docs/decisions/057-provider-window-cache.md#context) and `docs/decisions/057`,',
  "figures in `bench/reports/latest-postgresql.json` and docs/product.md's §10.",
  'Short forms: `modules/appointments/book.ts`, `lib/bind-fields`.',
  'Not paths: `/api/appointment/booking`, `req/s`, `image/png`, https://example.com/a/b,',
  '`packages/shared/src/<domain>-schemas.ts`, `docs/decisions/NNN-*.md`, `apps/web/dist/`, `./data`.',
  '```sh',
  'cat apps/nowhere/file.ts',
  '```',
  '',
].join('\n');

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-doc-paths', () => {
  it('passes when every written path exists', () => {
    const result = check(tree({ ...code, 'README.md': clean }));
    expect(result.errors).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'a path in backticks',
      'docs/architecture.md',
      'See `apps/server/src/modules/appointments/booking.ts`.\n',
    ],
    ['a link target', 'docs/decisions/README.md', 'See [057](058-provider-window-cache.md).\n'],
    ['a decision number', 'README.md', 'See docs/decisions/099 for the cache.\n'],
    ['a report', 'bench/README.md', "Figures: bench/reports/latest-pglite.json's rows.\n"],
    ['a short form', 'CONTRIBUTING.md', 'The claim is in `modules/appointments/claim.ts`.\n'],
    [
      'a link out of the repository',
      'docs/product.md',
      `See [notes](${'../'.repeat(2)}elsewhere/notes.md).\n`,
    ],
  ])('fails on %s that does not exist', (_kind, file, text) => {
    const result = check(tree({ ...code, 'README.md': clean, [file]: text }));
    expect(result.status).toBe(1);
    expect(result.errors).toContain(`${file}:1:`);
  });
});
