#!/usr/bin/env node
// Fails when a repository path written in docs/**/*.md, a README.md or a CONTRIBUTING.md does
// not exist. Run from the repository root (npm run lint); `--root <dir>` checks another tree.
//
// What counts as a path:
// - a markdown link target that is not a URL (`[text](../architecture.md#4)`), relative to the
//   markdown file's folder;
// - a word inside an inline code span (`apps/server/src/app.ts:42`, `docs/product.md §10`) that
//   holds a `/` and starts with a top-level entry of the repository (checked from the root) or
//   with an entry of the markdown file's folder, `./` or `../` (checked from that folder);
// - a shorter form of a path in a code span (`modules/appointments/book.ts`, `lib/query-keys`):
//   a word whose first segment is the name of a folder of the repository must end a real path;
// - a bare word of the prose that starts with a top-level folder (docs/product.md).
// A module may be named without its extension, a decision by its number (`docs/decisions/057`).
// Not paths: URLs, API routes (`/api/...`, any leading `/`), words with a placeholder or glob
// (`<domain>`, `*`, `{a,b}`, `NNN`, `…`), and paths git ignores (build output, local data).
// Fenced code blocks are skipped (shell sessions, samples). A trailing `:line` or `#anchor` is
// dropped before the check.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PLACEHOLDER = /[<>*{}[\]$…|]|\.\.\.|\bN{2,}\b|\bX{2,}\b/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:/i;

function git(root, args, input) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
}

function isDocFile(file) {
  const base = path.posix.basename(file);
  return (
    (file.startsWith('docs/') && file.endsWith('.md')) ||
    base === 'README.md' ||
    base === 'CONTRIBUTING.md'
  );
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence === null) fence = open[1][0];
      else if (open[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) out.push({ line, number: i + 1 });
  });
  return out;
}

/** Strips what follows a path in prose: punctuation, `'s`, `:line`, `#anchor`, a `?query`. */
function cleanToken(token) {
  let t = token.replace(/^[("'“‘]+/, '').replace(/[)"'”’,.;:!?]+$/, '');
  t = t.replace(/['’]s$/, '');
  t = t.replace(/#.*$/, '').replace(/\?.*$/, '');
  t = t.replace(/:\d+(?:[-–]\d+)?$/, '');
  return t;
}

/** Every candidate path of a markdown file: { target, line, kind }. */
export function candidates(text) {
  const found = [];
  for (const { line, number } of proseLines(text)) {
    for (const m of line.matchAll(
      /(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)|!\[[^\]]*\]\(([^)\s]+)\)/g,
    )) {
      const target = m[1] ?? m[2];
      if (!target || URL_LIKE.test(target) || target.startsWith('#') || target.startsWith('/'))
        continue;
      const t = cleanToken(target);
      if (t && !PLACEHOLDER.test(t))
        found.push({ target: decodeURI(t), line: number, kind: 'link' });
    }
    // Bare words of the prose: only those that start with a top-level folder are checked.
    const prose = line.replace(/(`+)[^`]+?\1(?!`)/g, ' ').replace(/\]\([^)]*\)/g, '] ');
    for (const word of prose.split(/\s+/)) {
      if (!word.includes('/') || URL_LIKE.test(word.replace(/^[(<"']+/, ''))) continue;
      const t = cleanToken(word);
      if (t.includes('/') && !t.startsWith('/') && !PLACEHOLDER.test(t))
        found.push({ target: t, line: number, kind: 'prose' });
    }
    for (const m of line.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      for (const word of m[2].split(/\s+/)) {
        if (!word.includes('/') || word.startsWith('/') || URL_LIKE.test(word)) continue;
        const t = cleanToken(word);
        if (t.includes('/') && !t.startsWith('/') && !PLACEHOLDER.test(t))
          found.push({ target: t, line: number, kind: 'code' });
      }
    }
  }
  return found;
}

// A module may be named as it is imported, without its extension (`lib/bind-fields`).
const MODULE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js'];

/** Problems of the tree at `root`: [{ file, line, target, resolved }]. */
export function checkDocPaths(root) {
  // Tracked files and new ones not yet added (a path written before `git add` is not an error).
  const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split(
    '\0',
  );
  const tracked = [...new Set(listed)].filter((f) => f && existsSync(path.join(root, f)));
  const files = new Set(tracked);
  const entries = new Set(tracked);
  for (const file of tracked) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) entries.add(parts.slice(0, i).join('/'));
  }
  const topLevel = new Set(tracked.map((f) => f.split('/')[0]));
  const folderNames = new Set(
    [...entries].filter((e) => !files.has(e)).map((e) => path.posix.basename(e)),
  );
  // A decision is cited by its number: `docs/decisions/057` is docs/decisions/057-*.md.
  const decisions = new Set(
    tracked.map((f) => /^(docs\/decisions\/\d{3})-.*\.md$/.exec(f)?.[1]).filter(Boolean),
  );
  const exists = (rel) =>
    rel === '' || decisions.has(rel) || MODULE_EXTENSIONS.some((ext) => entries.has(rel + ext));
  const endsSomePath = (rel) =>
    [...decisions].some((d) => d.endsWith(`/${rel}`)) ||
    MODULE_EXTENSIONS.some((ext) =>
      [...entries].some((e) => e === rel + ext || e.endsWith(`/${rel}${ext}`)),
    );

  const missing = [];
  for (const file of tracked.filter(isDocFile)) {
    const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const { target, line, kind } of candidates(text)) {
      const bare = target.replace(/\/+$/, '');
      const first = bare.split('/')[0];
      let resolved;
      if (kind === 'link' || first === '.' || first === '..')
        resolved = path.posix.normalize(path.posix.join(dir, bare));
      else if (topLevel.has(first)) resolved = bare;
      else if (kind === 'prose') continue;
      else if (dir !== '' && entries.has(`${dir}/${first}`)) resolved = `${dir}/${bare}`;
      else if (folderNames.has(first)) {
        if (!endsSomePath(bare))
          missing.push({ file, line, target, resolved: `…/${bare}`, shorthand: true });
        continue;
      } else continue; // prose with a slash (`req/s`, `image/png`), not a path of this repository
      if (resolved.startsWith('..')) {
        missing.push({ file, line, target, resolved, outside: true });
        continue;
      }
      if (!exists(resolved === '.' ? '' : resolved)) missing.push({ file, line, target, resolved });
    }
  }
  if (missing.length === 0) return [];
  // Paths git ignores (dist/, data/, bench/results.json) are made by a build or a run.
  const inside = missing.filter((m) => !m.outside && !m.shorthand);
  let ignored = new Set();
  if (inside.length > 0) {
    try {
      ignored = new Set(
        git(
          root,
          ['check-ignore', '--no-index', '--stdin'],
          inside.flatMap((m) => [m.resolved, `${m.resolved}/`]).join('\n'),
        ).split('\n'),
      );
    } catch (error) {
      if (error.status !== 1) throw error; // 1: none of them is ignored
    }
  }
  return missing.filter(
    (m) => m.outside || m.shorthand || !(ignored.has(m.resolved) || ignored.has(`${m.resolved}/`)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootFlag = process.argv.indexOf('--root');
  const root = path.resolve(rootFlag > 0 ? process.argv[rootFlag + 1] : process.cwd());
  const problems = checkDocPaths(root);
  for (const p of problems) {
    const why = p.outside ? 'points outside the repository' : `does not exist (${p.resolved})`;
    console.error(`${p.file}:${p.line}: \`${p.target}\` ${why}`);
  }
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} path(s) in the docs do not exist. Fix the path or the file name.`,
    );
    process.exit(1);
  }
  console.log('docs: every written path exists');
}
