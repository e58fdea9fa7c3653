/**
 * The web app's layers (docs/architecture.md, "The web app, in layers"), as an ESLint rule:
 *
 *   lib/, config/  <-  components/  <-  entities/  <-  features/  <-  app/
 *
 * A file may import from its own layer or the ones left of it, never rightwards. Within
 * features/ each folder is a feature on its own: it may not import another feature (what two
 * features share belongs in entities/ or below). Files outside these folders (main.tsx,
 * entry-server.tsx) stand with app/. Only relative imports are checked: packages are below all.
 */
import path from 'node:path';

const RANK = { lib: 0, config: 0, loader: 0, components: 1, entities: 2, features: 3, app: 4 };

/** The layer (and, under features/, the feature) of a file under `src`, or undefined outside it. */
function place(src, file) {
  const rel = path.relative(src, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [top, slice] = rel.split(path.sep);
  const layer = top in RANK && rel.includes(path.sep) ? top : 'app';
  return { layer, rank: RANK[layer], slice: layer === 'features' ? slice : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "keep the web app's layers: no import upwards, no feature into another" },
    schema: [
      { type: 'object', properties: { src: { type: 'string' } }, additionalProperties: false },
    ],
    messages: {
      upwards:
        '{{from}}/ is below {{to}}/: it may not import from it (move what is shared down instead).',
      crossFeature:
        'features/{{from}} may not import features/{{to}}: move what both need into entities/ or below.',
    },
  },
  create(context) {
    const src = path.resolve(context.cwd, context.options[0]?.src ?? 'apps/web/src');
    const file = context.physicalFilename;
    const here = place(src, file);
    if (!here) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const there = place(src, path.resolve(path.dirname(file), spec));
      if (!there) return;
      if (there.rank > here.rank) {
        context.report({
          node: node.source,
          messageId: 'upwards',
          data: { from: here.layer, to: there.layer },
        });
      } else if (here.slice && there.slice && here.slice !== there.slice) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: here.slice, to: there.slice },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'courtside-web-layers' }, rules: { 'web-layers': rule } };
