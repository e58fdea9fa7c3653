import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { inlineEntryCss, precompress, routePreloads, startAfterPaint } from './build-plugins.ts';

const require = createRequire(import.meta.url);

/**
 * First-load weight (issue 7: <= 120 KB gzip): the production build of react-router (its package
 * only exports the development one, warnings included) and the browser's own fetch instead of the
 * SDK's cross-fetch polyfill.
 */
const productionAliases = [
  {
    find: /^react-router$/,
    replacement: require
      .resolve('react-router')
      .replace(/development([\\/]index)\.m?js$/, 'production$1.mjs'),
  },
  {
    find: /^cross-fetch$/,
    replacement: fileURLToPath(new URL('src/lib/fetch.ts', import.meta.url)),
  },
];

/**
 * The production build runs on preact/compat instead of react-dom (about 56 KB gzip less on first
 * load, issue 7). Development and the unit tests run on React; the Playwright journeys run the
 * built app, so they are what proves the swap. `WEB_RUNTIME=react npm run build` builds on React.
 */
const preact = dirname(require.resolve('preact/package.json'));
const preactAliases =
  process.env.WEB_RUNTIME === 'react'
    ? []
    : [
        { find: /^react-dom\/client$/, replacement: join(preact, 'compat/client.mjs') },
        { find: /^react-dom\/server$/, replacement: join(preact, 'compat/server.mjs') },
        {
          find: /^react\/jsx-(dev-)?runtime$/,
          replacement: join(preact, 'jsx-runtime/dist/jsxRuntime.mjs'),
        },
        { find: /^react-dom$/, replacement: join(preact, 'compat/dist/compat.mjs') },
        { find: /^react$/, replacement: join(preact, 'compat/dist/compat.mjs') },
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
    : [react(), tailwindcss(), routePreloads(), startAfterPaint(), inlineEntryCss(), precompress()],
  resolve: {
    conditions: ['source'],
    alias: command === 'build' ? [...preactAliases, ...productionAliases] : [],
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
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        target: 'es2022',
        rolldownOptions: {
          output: {
            // Everything the first page needs in one chunk: on a phone each extra request costs a
            // round trip (issue 7), and lazy routes import what they share from it.
            codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
}));
