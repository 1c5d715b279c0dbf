/**
 * The inline boot script (docs/decisions/060): one small inline script (src/web/site/boot/boot-inline.ts) at the end of
 * each page that fetches the page code only after first paint, so before it the browser needs nothing but the HTML
 * (which carries its styles).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { PageCode } from './boot-tag';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Stylesheets the chunk imports. */
  css?: string[];
}
/** `.vite/manifest.json` of the client build, keyed by source path relative to src/web. */
export type ViteManifest = Record<string, ManifestChunk>;

const bootSource = fileURLToPath(new URL('../src/web/site/boot/boot-inline.ts', import.meta.url));

/** Bundles boot-inline.ts into one minified classic script (no imports, no exports). */
export async function bundleBootScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry: bootSource, formats: ['iife'], name: 'boot' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('boot script: the bundle produced no chunk');
  return chunk.code.trim();
}

/**
 * The page code `entryKey` (a key of the manifest: the client entry's source path) and every module it imports
 * statically: what the boot script fetches after first paint. Chunks the code imports dynamically (each island's
 * component, the demo dialog, the form's submission code) load when the page code asks for them.
 */
export function pageCode(manifest: ViteManifest, entryKey: string): PageCode {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`Vite manifest has no entry for ${entryKey}`);
  const files = new Set<string>();
  const addWithImports = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no chunk ${key} (imported by ${entryKey})`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) addWithImports(imported);
  };
  for (const imported of entry.imports ?? []) addWithImports(imported);
  files.delete(entry.file);
  return { entry: `/${entry.file}`, preload: [...files].map((file) => `/${file}`) };
}
