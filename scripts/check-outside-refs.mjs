#!/usr/bin/env node
// Fails when a tracked text file (code, comments, test names, docs, decisions) points outside the
// repository: a tracker number, a document the repository does not hold, or the night and whose
// machine a figure was measured on. Cite a decision number (docs/decisions/057), a docs section
// (docs/product.md §10) or state the requirement in its own words; name a machine by its spec
// ("a 2-core AMD EPYC"). Run from the repository root (npm run lint); `--root <dir>` checks
// another tree.
//
// Words the product itself uses stay allowed: the Morning/Afternoon/Evening slot types,
// "yesterday" in the stats, "SPEC" alone (docs/product.md §1–§9, as that document defines it),
// an account's earlier sessions.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** [pattern, what it points to]; every pattern is global. */
export const RULES = [
  // Tracker numbers: an issue, task, ticket, session or stop and its number (also "#3", lists).
  [/\b(?:issues?|tasks?|tickets?|sessions?|stops?)\s+#?\d+/gi, 'a tracker number'],
  [/\b(?:PRs?|pull requests?)\s+#?\d+/gi, 'a tracker number'],
  [
    /\bthe issue(?:'s)?\s+(?:asks|wants|requires|says|lists|row|target|acceptance)\b/gi,
    'a tracker',
  ],
  // Documents the repository does not hold.
  [/\b(?:DESIGN|SPEC|TOOLCHAIN|DEVELOPERS)\.md\b/gi, 'a document outside the repository'],
  [/\b(?:DESIGN|SPEC|TOOLCHAIN)(?:'s)?\s*§/g, 'a document outside the repository'],
  [/\b(?:DESIGN|SPEC|TOOLCHAIN),?\s+sections?\s+\d/g, 'a document outside the repository'],
  [/\b(?:DESIGN|TOOLCHAIN)\b/g, 'a document outside the repository'],
  // When, and on whose machine, a figure was measured.
  [/\bnights?\b(?:'s)?/gi, 'the night of a run'],
  [
    /\b(?:this|that|last|same|yesterday|tomorrow)(?:'s)?\s+(?:morning|afternoon|evening)\b/gi,
    'the time of a run',
  ],
  [/\b\d{4}-\d{2}-\d{2},?\s+(?:morning|afternoon|evening)\b/gi, 'the time of a run'],
  [
    /\b(?:morning|afternoon|evening)(?:'s)?\s+(?:runs?|session|machine|figures?)\b/gi,
    'the time of a run',
  ],
  [/\bruns? of the (?:morning|afternoon|evening)\b/gi, 'the time of a run'],
  // Possessive only: 'This session has ended, please sign in again' is the product's text.
  [/\b(?:this|that|last|previous|same)\s+session's\b/gi, 'the session a figure came from'],
  [/\bsession's machine\b|\bwhose machine\b/gi, 'the machine of a session'],
  [/\bmachine of (?:that|this|the|one|last) (?:session|run|night)\b/gi, 'the machine of a session'],
];

// The check spells out what it looks for.
const SELF = new Set(['scripts/check-outside-refs.mjs']);
const SKIPPED = /(?:^|\/)package-lock\.json$|\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|gz|br|zip)$/i;

function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Relative paths (`../` more times than the file is deep) that leave the repository. */
function escapes(line, file) {
  const found = [];
  for (const m of line.matchAll(/(?<![\w./-])((?:\.\.\/)+)[\w@.-]+/g)) {
    const up = m[1].length / 3;
    const depth = file.split('/').length - 1;
    if (up > depth) found.push(m[0]);
  }
  return found;
}

/** Problems in one file's text: [{ line, text, why }]. */
export function findOutsideRefs(text, file) {
  const problems = [];
  text.split('\n').forEach((line, i) => {
    for (const [pattern, why] of RULES) {
      for (const m of line.matchAll(pattern)) problems.push({ line: i + 1, text: m[0], why });
    }
    for (const escape of escapes(line, file)) {
      problems.push({ line: i + 1, text: escape, why: 'a path outside the repository' });
    }
  });
  return problems;
}

export function checkOutsideRefs(root) {
  const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const files = [...new Set(listed.split('\0'))].filter(
    (f) => f && !SELF.has(f) && !SKIPPED.test(f) && existsSync(path.join(root, f)),
  );
  const problems = [];
  for (const file of files) {
    const buffer = readFileSync(path.join(root, file));
    if (buffer.includes(0)) continue; // binary
    for (const p of findOutsideRefs(buffer.toString('utf8'), file)) problems.push({ file, ...p });
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootFlag = process.argv.indexOf('--root');
  const root = path.resolve(rootFlag > 0 ? process.argv[rootFlag + 1] : process.cwd());
  const problems = checkOutsideRefs(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: "${p.text}" (${p.why})`);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} reference(s) point outside the repository. Cite a decision ` +
        '(docs/decisions/057), a docs section (docs/product.md §10) or the requirement in its ' +
        'own words; name a machine by its spec, not by when it was used.',
    );
    process.exit(1);
  }
  console.log('no reference points outside the repository');
}
