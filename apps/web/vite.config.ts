import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import {
  fontPreload,
  inlineEntryCss,
  inlineLoader,
  precompress,
  shellLogo,
} from './build-plugins.ts';

const require = createRequire(import.meta.url);

/**
 * react-router publishes only its development build through its package exports (warnings and
 * all); the same package ships the production build beside it, at a fixed place. The build uses
 * that file, and stops if a new version has moved it rather than quietly falling back.
 */
function reactRouterProductionBuild(): string {
  const pkg = require.resolve('react-router/package.json');
  const file = join(dirname(pkg), 'dist', 'production', 'index.mjs');
  if (!existsSync(file)) {
    throw new Error(
      `react-router's production build is not at ${file}: check the installed version's dist/ and update vite.config.ts`,
    );
  }
  return file;
}

/**
 * What a production build swaps in: react-router's production build, and the browser's own
 * fetch instead of the SDK's cross-fetch polyfill (first-load weight).
 */
const productionAliases = () => [
  { find: /^react-router$/, replacement: reactRouterProductionBuild() },
  {
    find: /^cross-fetch$/,
    replacement: fileURLToPath(new URL('src/lib/fetch.ts', import.meta.url)),
  },
];

/**
 * The web app: built into dist/ and served by the backend; in dev, /v1 goes to the backend.
 * `vite build --ssr src/entry-server.tsx` builds the landing pages' server renderer into
 * dist-server/ (one self-contained module: the backend needs none of the app's packages).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        shellLogo(),
        inlineLoader(),
        inlineEntryCss(),
        fontPreload(),
        precompress(),
      ],
  resolve: {
    conditions: ['source'],
    alias: command === 'build' ? productionAliases() : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': {
        target: process.env.API_URL ?? 'http://localhost:3000',
        changeOrigin: false,
        ws: true,
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
  // The server renderer is bundled with React's production builds only, whatever NODE_ENV the
  // backend runs under (React's entry points choose their build by it at run time).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // .vite/manifest.json: the server reads which chunks a lazy page needs, to preload them.
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        rolldownOptions: {
          output: {
            // Everything the first page needs in one chunk: on a phone each extra request costs a
            // round trip (docs/architecture.md#speed), and lazy routes import what they share from
            // it.
            codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // A page's first render loads its lazy chunks through Vite's transform: seconds when the
    // machine is busy, which a slow test should survive (a hang still fails).
    testTimeout: 15_000,
  },
}));
