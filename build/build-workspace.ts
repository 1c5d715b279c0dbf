/**
 * Builds the team's workspace (src/web/workspace/, decision 082) into dist/team: its own Vite build with its own
 * entry (index.html → main.tsx), hashed assets under /team/assets/, and no inline script (the site's CSP allows
 * scripts from 'self' and the public pages' own hashes only). The public build (vite.config.ts) never sees it.
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { workspaceShellCopy } from '../src/content/workspace-shell';
import { escapeHtml } from '../src/domain/escape-html';
import { TEAM_PATH } from '../src/domain/team-paths';
import { workspaceOutDir, workspaceRoot } from './site-paths';

/** The page's copy, from content/, into index.html's placeholders. */
function workspaceCopy(): Plugin {
  return {
    name: 'workspace-copy',
    transformIndexHtml: (html) =>
      html
        .replace('%WORKSPACE_TITLE%', escapeHtml(workspaceShellCopy.documentTitle))
        .replace('%WORKSPACE_NOSCRIPT%', escapeHtml(workspaceShellCopy.noscript)),
  };
}

export async function buildWorkspace(): Promise<void> {
  await build({
    configFile: false,
    root: workspaceRoot,
    base: `${TEAM_PATH}/`,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), tailwindcss(), workspaceCopy()],
    build: {
      outDir: workspaceOutDir,
      emptyOutDir: true,
      assetsDir: 'assets',
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    },
  });
  // The service worker (decision 130): one classic script at dist/team/sw.js, no hash (its URL is its identity).
  await build({
    configFile: false,
    root: workspaceRoot,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: workspaceOutDir,
      emptyOutDir: false,
      lib: { entry: 'service-worker.ts', formats: ['iife'], name: 'workspaceServiceWorker', fileName: () => 'sw.js' },
    },
  });
}
