/** Where the site build reads and writes; shared by build-site.ts, ensure-build.ts and the dev server. */
import { fileURLToPath } from 'node:url';

const fromRepo = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const repoRoot = fromRepo('');
export const siteOutDir = fromRepo('dist/site');
/** The team's workspace (its own client entry, never in the public pages): served by the server for /team. */
export const workspaceOutDir = fromRepo('dist/team');
export const workspaceRoot = fromRepo('src/web/workspace');
export const prerenderOutDir = fromRepo('dist/.prerender');
/** What the build was made with (build/build-settings.ts): beside the site, not in it, so it is never served. */
export const buildSettingsFile = fromRepo('dist/build-settings.json');
export const viteConfigFile = fromRepo('vite.config.ts');
/** The public site's browser code (Vite's root): manifest keys are relative to it. */
export const webRoot = fromRepo('src/web/site');
/** The page code of every route, as a key of Vite's manifest. */
export const clientEntryKey = 'client.tsx';
export const prerenderEntry = fromRepo('src/web/site/prerender.tsx');

/** Inputs of the site build: when any is newer than the built HTML, `npm start` rebuilds. */
export const siteSources = [
  'src/web',
  'src/content',
  'src/domain',
  'public',
  'build',
  'vite.config.ts',
  'package.json',
];
