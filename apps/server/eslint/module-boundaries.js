import path from 'node:path';

/**
 * The server's domain modules (apps/server/src/modules/<name>/) in layers: a module may import
 * its own files and the modules of EARLIER layers only, never one of its own layer or a later
 * one. So no two modules import each other, and no import circle runs through modules. A new
 * module gets its place here (a file in a module not listed is refused); a module that needs
 * one of a later layer moves the shared piece down, or its caller up.
 */
export const MODULE_LAYERS = [
  ['catalogue', 'health', 'notifications', 'policies'],
  ['appointments', 'availability', 'sms'],
  ['reviews', 'web-push'],
  ['discovery', 'messages', 'stats'],
  ['accounts'],
  ['email'],
  ['payments'],
  ['waitlist'],
  ['calendar', 'business'],
  ['calendar-sync', 'seo'],
  ['marketplace-figures', 'moderation'],
  ['personal-data'],
];

/**
 * Around the modules (apps/server/src):
 * - the composition — app.ts, main.ts, app/ (plugins in order, routes, change consumers) and
 *   demo/ (seed data through the modules' own code) — may import anything;
 * - everything else is infrastructure — db/, lib/, plugins/, push/, jobs/, mail/, images/,
 *   realtime/, config.ts, errors.ts — and imports neither a module nor the composition;
 * - a module imports infrastructure, earlier modules, and never the composition.
 * Tests (*.test.*) build whole apps and are not checked.
 */
const COMPOSITION_FOLDERS = new Set(['app', 'demo']);
const COMPOSITION_FILES = new Set(['app', 'main']);

const SRC_MARKER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;

const layerOf = new Map(MODULE_LAYERS.flatMap((names, layer) => names.map((n) => [n, layer])));

/** `{kind, module}` for a path inside apps/server/src (with or without extension), else null. */
export function locate(file) {
  const at = file.lastIndexOf(SRC_MARKER);
  if (at === -1) return null;
  const parts = file.slice(at + SRC_MARKER.length).split(path.sep);
  if (parts.length === 1) {
    const name = parts[0].replace(/\.[cm]?[jt]sx?$/, '');
    return { kind: COMPOSITION_FILES.has(name) ? 'composition' : 'infrastructure', module: null };
  }
  if (parts[0] === 'modules') {
    // A file directly in modules/ belongs to no module (module: null).
    return { kind: 'module', module: parts.length > 2 ? parts[1] : null };
  }
  return {
    kind: COMPOSITION_FOLDERS.has(parts[0]) ? 'composition' : 'infrastructure',
    module: null,
  };
}

const RULE_FILE = 'apps/server/eslint/module-boundaries.js';

/** Why a file of `from` is not where a module file may be, or null. */
export function placementProblem(from) {
  if (from.kind !== 'module') return null;
  if (from.module === null) {
    return 'A file directly in modules/ belongs to no module: move it into one, or into app/.';
  }
  if (!layerOf.has(from.module)) {
    return `modules/${from.module} has no layer: add it to MODULE_LAYERS (${RULE_FILE}).`;
  }
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
export function boundaryViolation(from, to) {
  if (from.kind === 'composition') return null;
  if (to.kind === 'composition') {
    return 'app.ts, main.ts, app/ and demo/ compose the server: nothing else imports them.';
  }
  if (from.kind === 'infrastructure') {
    if (to.kind === 'module') {
      return 'Infrastructure (db/, lib/, plugins/, push/, jobs/, …) never imports a module: move the piece down, or wire it in app/.';
    }
    return null;
  }
  if (to.kind !== 'module' || to.module === from.module) return null;
  if (to.module === null) return 'A file directly in modules/ belongs to no module.';
  const fromLayer = layerOf.get(from.module);
  const toLayer = layerOf.get(to.module);
  if (fromLayer === undefined || toLayer === undefined) {
    const missing = fromLayer === undefined ? from.module : to.module;
    return `modules/${missing} has no layer: add it to MODULE_LAYERS (${RULE_FILE}).`;
  }
  if (toLayer < fromLayer) return null;
  return (
    `modules/${from.module} (layer ${fromLayer}) may import only modules of earlier layers; ` +
    `modules/${to.module} is in layer ${toLayer} (MODULE_LAYERS, ${RULE_FILE}).`
  );
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Enforce the server layers: composition → modules (in MODULE_LAYERS order) → infrastructure.',
    },
    schema: [],
    messages: { boundary: '{{reason}} ({{spec}})', placement: '{{reason}}' },
  },
  create(context) {
    const filename = context.filename;
    if (/\.test\.[cm]?[jt]sx?$/.test(filename)) return {};
    const from = locate(filename);
    if (!from) return {};
    const checkSpec = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = locate(path.resolve(path.dirname(filename), spec));
      if (!to) return;
      const reason = boundaryViolation(from, to);
      if (reason) context.report({ node, messageId: 'boundary', data: { reason, spec } });
    };
    const check = (node) => {
      const source = node.source;
      if (source && source.type === 'Literal') checkSpec(source, source.value);
    };
    return {
      Program(node) {
        const reason = placementProblem(from);
        if (reason) context.report({ node, messageId: 'placement', data: { reason } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      // `import('../x').Type` in a type position.
      TSImportType(node) {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') checkSpec(literal, literal.value);
      },
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
