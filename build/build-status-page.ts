/**
 * Builds the founder's status page's own script (src/web/site/status-answer.tsx, issue 35): the answer form's voice
 * memo recorder, a Vite build of its own into dist/site/assets (hashed, precompressed with the site), so the public
 * pages' code and chunks stay as they were. What the page must load — the entry and the modules it imports at once —
 * is recorded beside the site (STATUS_PAGE_CODE_FILE, never served) for the server's status page
 * (server/founder/status-page-html.ts); Vite's manifest is not published.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { STATUS_PAGE_CODE_FILE } from '../src/domain/status-link';
import { pageCode, type ViteManifest } from './boot-script';
import type { PageCode } from './boot-tag';
import { siteOutDir, webRoot } from './site-paths';

/** The entry, as a key of Vite's manifest (relative to the site's root). */
export const statusPageEntryKey = 'status-answer.tsx';

export async function buildStatusPageCode(): Promise<PageCode> {
  await build({
    configFile: false,
    root: webRoot,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: siteOutDir,
      emptyOutDir: false,
      manifest: true,
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { 'status-answer': join(webRoot, statusPageEntryKey) },
        output: {
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/status-[name]-[hash].js',
        },
      },
    },
  });
  const manifestDir = join(siteOutDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  const code = pageCode(manifest, statusPageEntryKey);
  rmSync(manifestDir, { recursive: true, force: true });
  writeFileSync(join(siteOutDir, '..', STATUS_PAGE_CODE_FILE), `${JSON.stringify(code, null, 2)}\n`);
  return code;
}
