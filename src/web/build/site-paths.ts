/** Where the site build reads and writes; shared by build-site.ts and ensure-build.ts. */
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const siteOutDir = fileURLToPath(new URL('../../../dist/site', import.meta.url));
export const prerenderOutDir = fileURLToPath(new URL('../../../dist/.prerender', import.meta.url));
export const viteConfigFile = fileURLToPath(new URL('../../../vite.config.ts', import.meta.url));
export const prerenderEntry = fileURLToPath(new URL('../../../src/web/prerender.tsx', import.meta.url));

/** Inputs of the site build: when any is newer than the built HTML, `npm start` rebuilds. */
export const siteSources = ['src/web', 'src/content', 'src/domain', 'public', 'vite.config.ts', 'package.json', 'scripts/build-site.ts', 'src/web/build'];
