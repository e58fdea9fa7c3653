/**
 * The layers of both apps (docs/architecture.md), kept by eslint-plugin-boundaries, and no
 * import circle anywhere, kept by import-x's no-cycle. An element may import from the elements
 * its rule allows, and from itself.
 *
 * Server: entry points (app.ts, main.ts, cli/, import/, backup/) build everything; http/ (the
 * transport: pipeline, hooks, early answers) and web/ (the built web app) stand on the
 * modules; shop/ stands on the modules' services; modules/ on protocol/, query/, schema/, db/
 * and tools/; nothing below imports upwards.
 *
 * Web: lib/ <- components/ <- entities/ <- features/ <- app/, and no feature imports another
 * (what two features share moves down into entities/).
 */
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const server = 'apps/server/src';
const web = 'apps/web/src';

const elements = [
  { type: 'server-entry', mode: 'full', pattern: [`${server}/{app,main,migrations}.ts`] },
  { type: 'server-entry', mode: 'full', pattern: [`${server}/{cli,import,backup}/**`] },
  { type: 'config', mode: 'full', pattern: [`${server}/config*.ts`] },
  { type: 'http', mode: 'full', pattern: [`${server}/http/**`] },
  { type: 'web-host', mode: 'full', pattern: [`${server}/web/**`] },
  { type: 'shop', mode: 'full', pattern: [`${server}/shop/**`] },
  { type: 'modules', mode: 'full', pattern: [`${server}/modules/**`] },
  { type: 'query', mode: 'full', pattern: [`${server}/query/**`] },
  { type: 'schema', mode: 'full', pattern: [`${server}/schema/**`] },
  { type: 'protocol', mode: 'full', pattern: [`${server}/protocol/**`] },
  { type: 'db', mode: 'full', pattern: [`${server}/db/**`] },
  { type: 'tools', mode: 'full', pattern: [`${server}/tools/**`] },
  { type: 'web-lib', mode: 'full', pattern: [`${web}/{lib,config,loader}/**`] },
  { type: 'web-components', mode: 'full', pattern: [`${web}/components/**`] },
  { type: 'web-entities', mode: 'full', pattern: [`${web}/entities/**`] },
  {
    type: 'web-feature',
    mode: 'full',
    pattern: [`${web}/features/*/**`],
    capture: ['feature'],
  },
  { type: 'web-app', mode: 'full', pattern: [`${web}/**`] },
];

const below = {
  tools: [],
  db: ['tools'],
  protocol: ['tools'],
  schema: ['protocol', 'tools'],
  config: ['tools'],
  query: ['protocol', 'schema', 'db', 'tools'],
  modules: ['protocol', 'query', 'schema', 'db', 'tools', 'config'],
  shop: ['modules', 'protocol', 'query', 'schema', 'db', 'tools', 'config'],
  http: ['modules', 'protocol', 'db', 'tools', 'config'],
  'web-host': ['modules', 'protocol', 'db', 'tools', 'config'],
  'server-entry': [
    'http',
    'web-host',
    'shop',
    'modules',
    'protocol',
    'query',
    'schema',
    'db',
    'tools',
    'config',
  ],
  'web-lib': [],
  'web-components': ['web-lib'],
  'web-entities': ['web-components', 'web-lib'],
  'web-feature': ['web-entities', 'web-components', 'web-lib'],
  'web-app': ['web-feature', 'web-entities', 'web-components', 'web-lib'],
};

const rules = Object.entries(below).map(([from, allow]) => ({
  from: [from],
  allow: [
    ...allow,
    from === 'web-feature' ? ['web-feature', { feature: '${from.feature}' }] : from,
  ],
}));

export default [
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': elements,
      // Re-exports and lazy imports cross layers as much as imports do.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // Style sheets carry no code: a feature's own CSS is its business.
      'boundaries/ignore': ['**/*.css'],
      // boundaries resolves imports through eslint-module-utils, which reads `import/resolver`.
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'boundaries/element-types': ['error', { default: 'disallow', rules }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
