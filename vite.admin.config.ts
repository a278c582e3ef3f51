// The back office's build (/admin/): a build of its own, so that the customer app's bundles, its
// chunking and its service worker (vite.config.ts) know nothing of it and its budget cannot grow.
// `npm run build` runs both; the output goes to dist/admin, which the server serves at /admin/.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The customer build cuts each locale file in three (vite.config.ts splitLocales) and the i18n module
 * loads the screen parts, `?part=signin` and `?part=screens`, with the first schema screen. Here the
 * locale files load whole, so those parts have nothing to add.
 */
function wholeLocales(): Plugin {
  return {
    name: 'coinapp-admin-whole-locales',
    enforce: 'pre',
    transform(_code, id) {
      if (!/[\\/]locales[\\/][^\\/?]+\.json\?part=(screens|signin)$/.test(id)) return null;
      return { code: 'export default {};', map: null, moduleType: 'js' };
    },
  };
}

export default defineConfig({
  base: '/admin/',
  // the icons and the API page are the customer build's (served from the root)
  publicDir: false,
  plugins: [react(), wholeLocales()],
  resolve: {
    alias: [
      // the same stand-ins as the customer build (src/engine/slim/ says why they are exact)
      { find: 'markdown-to-jsx/react', replacement: here('src/engine/slim/markdown.tsx') },
      { find: 'fast-uri', replacement: here('src/engine/slim/uri.ts') },
      { find: /^use-sync-external-store\/shim$/, replacement: here('src/engine/slim/useSyncExternalStoreShim.ts') },
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist/admin',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { input: here('admin.html') },
  },
});
