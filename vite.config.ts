/**
 * One Vite config for the site (docs/decisions/060). The client build has a single entry, src/web/site/client.tsx, the
 * page code of every route; build/build-site.ts then prerenders each route (SSR build of src/web/site/prerender.tsx)
 * and writes its HTML document. The dev server serves the same documents, rendered on request (build/dev-pages.ts).
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devPages } from './build/dev-pages';
import { pretendardSubsets } from './build/pretendard-subsets';

const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRepo('./src/web/site'),
  publicDir: fromRepo('./public'),
  envDir: fromRepo('./'),
  plugins: [pretendardSubsets(fromRepo('./')), react(), tailwindcss(), devPages()],
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: fromRepo('./dist/site'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: build/build-site.ts reads the page code's files and stylesheet from it.
    manifest: true,
    // Fonts and images stay files: no base64 blobs in the CSS or JS budgets.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { client: fromRepo('./src/web/site/client.tsx') },
      output: {
        // The site stylesheet gets a name that says what it is (the build inlines it and deletes the file; the name
        // shows in its errors).
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) &&
          !asset.originalFileNames.some((file) => file.includes('pretendard'))
            ? 'assets/site-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
