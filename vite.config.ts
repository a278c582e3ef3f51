import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';

const server = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// react-router's package entry is its development build (dev warnings on); the production
// build beside it differs only in ENABLE_DEV_WARNINGS = false. The app build uses that one.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionReactRouter: Alias[] = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: [
      // rjsf pulls a markdown parser and a full URI library that our generated
      // schemas never need; see src/engine/slim/ for why the stand-ins are exact.
      { find: 'markdown-to-jsx/react', replacement: fileURLToPath(new URL('src/engine/slim/markdown.tsx', import.meta.url)) },
      { find: 'fast-uri', replacement: fileURLToPath(new URL('src/engine/slim/uri.ts', import.meta.url)) },
      ...(command === 'build' ? productionReactRouter : []),
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the store, i18n, the router, the
          // shell) loads on every route: one chunk instead of the dozen small shared chunks
          // rolldown would cut it into (they cost requests, and gzip compresses them one by one).
          // The entry module itself stays the entry chunk (the build manifest keys it by index.html).
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/src[\\/]main\.tsx$/.test(id) && !/\.html$/.test(id) }],
        },
      },
    },
  },
  server: { proxy: { '/api': server, '/ws': { target: server, ws: true } } },
}));
