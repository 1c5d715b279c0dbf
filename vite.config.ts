/**
 * Multi-page Vite build: one HTML entry per route under src/web/site/, each hydrating its own small entry.
 * scripts/build-site.ts runs this client build, then an SSR build of src/web/prerender.tsx, and writes the
 * prerendered markup and <head> into dist/site/<route>.html. See docs/decisions/001.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { pretendardSubsets } from './src/web/build/pretendard-subsets';

const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRepo('./src/web/site'),
  publicDir: fromRepo('./public'),
  envDir: fromRepo('./'),
  // Preact renders and hydrates the React components (`react` and `react-dom` resolve to `preact/compat`): ~10 KB
  // of runtime instead of React DOM's ~60 KB (docs/decisions/036).
  plugins: [pretendardSubsets(fromRepo('./')), preact({ devToolsEnabled: false }), tailwindcss()],
  // The HTML entries load their hydration entry as /pages/<route>-entry.tsx (src/web/pages/), in dev and build.
  resolve: { alias: [{ find: /^\/pages\//, replacement: `${fromRepo('./src/web/pages')}/` }] },
  // The prerender build bundles its dependencies too, so Radix's `react` imports resolve to preact/compat there as well.
  ssr: { noExternal: true },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: fromRepo('./dist/site'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: scripts/build-site.ts reads each page's code files from it for the inline boot script.
    manifest: true,
    // Fonts and images stay files: no base64 blobs in the CSS or JS budgets.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        home: fromRepo('./src/web/site/index.html'),
        about: fromRepo('./src/web/site/about/index.html'),
        privacy: fromRepo('./src/web/site/privacy/index.html'),
        'not-found': fromRepo('./src/web/site/404.html'),
      },
      output: {
        // Rolldown names a CSS file after the first chunk that imports it (it was "preload-helper", then
        // "load-site-font"); the site stylesheet gets a name that says what it is. The build then inlines it into
        // every page and deletes the file (scripts/build-site.ts, docs/decisions/044): the name shows in its errors.
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) && !asset.originalFileNames.some((file) => file.includes('pretendard'))
            ? 'assets/site-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
