import path from 'node:path';

/**
 * The web app's import layers (apps/web/src/README.md):
 *   app/  →  features/<domain>/  →  components/, lib/
 * A feature may import its own files, shared components and lib, and another feature's `api/`
 * only. components/ may import components/ and lib/; lib/ only lib/. Nothing imports app/
 * except app/. Tests (*.test.*) render whole routes and are not checked.
 */
const SRC_MARKER = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

/** `{layer, feature, rest}` for a path inside apps/web/src, else null. */
function locate(file) {
  const at = file.lastIndexOf(SRC_MARKER);
  if (at === -1) return null;
  const parts = file.slice(at + SRC_MARKER.length).split(path.sep);
  if (parts.length < 2) return { layer: 'root', feature: null, rest: parts };
  if (parts[0] === 'features')
    return { layer: 'features', feature: parts[1], rest: parts.slice(2) };
  return { layer: parts[0], feature: null, rest: parts.slice(1) };
}

/** Why `from` may not import `to`, or null when it may. */
export function boundaryViolation(from, to) {
  if (from.layer === 'app' || from.layer === 'root') return null;
  if (to.layer === 'app') return 'app/ composes the screens: nothing below it imports app/.';
  if (from.layer === 'lib' && to.layer !== 'lib') return 'lib/ imports lib/ only.';
  if (from.layer === 'components' && to.layer === 'features') {
    return 'components/ is shared UI and may not import a feature (move the piece into the feature).';
  }
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    if (to.rest[0] === 'api') return null;
    return `A feature may import another feature's api/ only (features/${to.feature}/api/…).`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the web import layers: app → features → components/lib.' },
    schema: [],
    messages: { boundary: '{{reason}} ({{spec}})' },
  },
  create(context) {
    const filename = context.filename;
    if (/\.test\.[cm]?[jt]sx?$/.test(filename)) return {};
    const from = locate(filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const to = locate(path.resolve(path.dirname(filename), spec));
      if (!to) return;
      const reason = boundaryViolation(from, to);
      if (reason) context.report({ node: source, messageId: 'boundary', data: { reason, spec } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
