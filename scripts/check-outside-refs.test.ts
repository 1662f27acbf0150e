import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'check-outside-refs.mjs');
let root = '';

// The planted references are spelled in pieces, so that searching the repository for them
// (`git grep`) finds none in this file.
const [ISSUE, TASK, SESSION, STOP] = ['iss|ue', 'ta|sk', 'Sess|ion', 'st|op'].map(whole);
const [D_DOC, S_DOC, T_DOC, DEV_DOC] = ['DES|IGN', 'SP|EC', 'TOOL|CHAIN', 'DEVEL|OPERS'].map(whole);
const [LAST, NIGHT_WORD, MORNING_WORD, UP] = ['la|st', 'ni|ght', 'mor|ning', '..|/'].map(whole);
function whole(pieces: string): string {
  return pieces.replace('|', '');
}

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
    `import { percentChange } from '${UP.repeat(5)}packages/shared/src/stats';`,
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
    ['apps/server/src/a.ts', `// The week view: ${ISSUE} 19 asks p99 ≤ 30 ms.`],
    ['docs/decisions/058-rush.md', `Status: Accepted (${ISSUE}s 16, 19 and 22)`],
    ['bench/README.md', `See ${ISSUE} #3 for the numbers.`],
    ['e2e/flow.test.ts', `it('does what ${TASK} 12 asked', () => {});`],
    ['apps/web/src/b.tsx', `/** ${SESSION} 9 found this. */`],
    ['CONTRIBUTING.md', `Fixed at ${STOP} 30.`],
    ['docs/architecture.md', `The layout is ${D_DOC}.md §2.`],
    ['apps/server/src/c.ts', `// Dependencies: ${D_DOC} §3.`],
    ['packages/shared/src/d.ts', `// The error body of ${S_DOC} §7.`],
    ['README.md', `Read ${S_DOC}.md first, then ${T_DOC}.md and ${DEV_DOC}.md.`],
    ['README.md', `The briefs are in ${UP}shared/ beside the clone.`],
    ['docs/decisions/060-paint.md', `The week was at 110 ms ${LAST} ${NIGHT_WORD}.`],
    [
      'docs/decisions/058-rush.md',
      `## Addendum, 2026-11-25 ${MORNING_WORD}: the claim prepared once`,
    ],
    ['bench/README.md', `Compare with the ${NIGHT_WORD}'s figures.`],
    ['bench/src/e.ts', `// this ${MORNING_WORD}'s run was quicker`],
    ['docs/decisions/062-rush.md', `Measured on the machine of that ${SESSION}.`],
    ['docs/decisions/062-rush.md', `Measured on this ${SESSION}'s machine.`],
  ])('fails on %s: %s', (file, text) => {
    const result = check(tree({ ...clean, [file]: `${text}\n` }));
    expect(result.status).toBe(1);
    expect(result.errors).toContain(`${file}:1:`);
  });
});
