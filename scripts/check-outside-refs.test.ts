import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'check-outside-refs.mjs');
let root = '';

/** A small git repository holding `files` (path → text). */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'outside-refs-'));
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

/** What the product and the code legitimately say. */
const clean = {
  'apps/server/src/modules/stats/service.ts': [
    "import { percentChange } from '../../../../../packages/shared/src/stats';",
    '// todayChange vs yesterday (docs/product.md §2); the cache is decision 057.',
    "const ended = 'This session has ended, please sign in again';",
    "const types = ['Morning', 'Afternoon', 'Evening'];",
    '',
  ].join('\n'),
  'apps/web/src/features/accounts/login.test.tsx': [
    "it('validates the email form with the SPEC messages', () => {});",
    "it('a reset signs out every earlier session', () => {});",
    "it('an early-morning slot lies on the previous UTC day', () => {});",
    '',
  ].join('\n'),
  'docs/decisions/057-cache.md': [
    '# 057',
    '',
    'Measured on a 2-core AMD EPYC (`bench/reports/latest-postgresql.json`); the target',
    'is p99 ≤ 30 ms (docs/product.md §10). The midnight run and the fortnight are fine.',
    '',
  ].join('\n'),
};

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-outside-refs', () => {
  it('passes on what the product itself says', () => {
    const result = check(tree(clean));
    expect(result.errors).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['apps/server/src/a.ts', '// The week view: issue 19 asks p99 ≤ 30 ms.'],
    ['docs/decisions/058-rush.md', 'Status: Accepted (issues 16, 19 and 22)'],
    ['bench/README.md', 'See issue #3 for the numbers.'],
    ['e2e/flow.test.ts', "it('does what task 12 asked', () => {});"],
    ['apps/web/src/b.tsx', '/** Session 9 found this. */'],
    ['CONTRIBUTING.md', 'Fixed at stop 30.'],
    ['docs/architecture.md', 'The layout is DESIGN.md §2.'],
    ['apps/server/src/c.ts', '// Dependencies: DESIGN §3.'],
    ['packages/shared/src/d.ts', '// The error body of SPEC §7.'],
    ['README.md', 'Read SPEC.md first, then TOOLCHAIN.md and DEVELOPERS.md.'],
    ['README.md', 'The briefs are in ../shared/ beside the clone.'],
    ['docs/decisions/060-paint.md', 'The week was at 110 ms last night.'],
    ['docs/decisions/058-rush.md', '## Addendum, 2026-11-25 morning: the claim prepared once'],
    ['bench/README.md', "Compare with the night's figures."],
    ['bench/src/e.ts', "// this morning's run was quicker"],
    ['docs/decisions/062-rush.md', 'Measured on the machine of that session.'],
    ['docs/decisions/062-rush.md', "Measured on this session's machine."],
  ])('fails on %s: %s', (file, text) => {
    const result = check(tree({ ...clean, [file]: `${text}\n` }));
    expect(result.status).toBe(1);
    expect(result.errors).toContain(`${file}:1:`);
  });
});
