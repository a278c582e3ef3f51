import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // rjsf pulls a markdown parser and a full URI library that our generated
    // schemas never need; see src/engine/slim/ for why the stand-ins are exact.
    alias: {
      'markdown-to-jsx/react': fileURLToPath(new URL('src/engine/slim/markdown.tsx', import.meta.url)),
      'fast-uri': fileURLToPath(new URL('src/engine/slim/uri.ts', import.meta.url)),
    },
  },
  build: { target: 'es2022', outDir: 'dist', assetsInlineLimit: 0, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': server, '/ws': { target: server, ws: true } } },
});
