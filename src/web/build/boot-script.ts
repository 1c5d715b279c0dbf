/**
 * The inline boot script (docs/decisions/008). Vite's build gives each page a `<script type="module" src>` for its
 * entry and modulepreloads for the entry's imports, which the browser fetches while it still has to paint. The
 * prerender replaces them with one small inline script (src/web/pages/boot-inline.ts) that fetches the same files
 * only after first paint, so before it the browser needs nothing but the HTML (which carries its styles, 044).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { bootScriptTag, type PageCode } from './boot-tag';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
/** `.vite/manifest.json` of the client build, keyed by source path (the HTML file for page entries). */
export type ViteManifest = Record<string, ManifestChunk>;

const bootSource = fileURLToPath(new URL('../pages/boot-inline.ts', import.meta.url));

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
  const chunk = results.flatMap((result) => ('output' in result ? result.output : [])).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('boot script: the bundle produced no chunk');
  return chunk.code.trim();
}

/**
 * The entry of the page built from `htmlFile` and every module it loads without interaction: the entry's static
 * imports, and for each page module it imports dynamically, that module and its static imports. Chunks the page
 * module itself imports dynamically (dialog, form submission) load on interaction and are not included.
 */
export function pageCode(manifest: ViteManifest, htmlFile: string): PageCode {
  const entry = manifest[htmlFile];
  if (!entry?.isEntry) throw new Error(`Vite manifest has no entry for ${htmlFile}`);
  const files = new Set<string>();
  const addWithImports = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no chunk ${key} (imported by ${htmlFile})`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) addWithImports(imported);
  };
  for (const imported of entry.imports ?? []) addWithImports(imported);
  for (const key of entry.dynamicImports ?? []) if (manifest[key]?.file.endsWith('.js')) addWithImports(key);
  files.delete(entry.file);
  return { entry: `/${entry.file}`, preload: [...files].map((file) => `/${file}`) };
}

const MODULE_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/** Replaces the page's module script and modulepreloads with the inline boot script at the end of <body>. */
export function inlineBootScript(html: string, code: PageCode, bootCode: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (scripts.length !== 1 || scripts[0] !== code.entry) {
    throw new Error(`expected one module script for ${code.entry}, found: ${scripts.join(', ') || 'none'}`);
  }
  if (!html.includes('</body>')) throw new Error('page has no </body>');
  const tag = bootScriptTag(code, bootCode);
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', () => `${tag}</body>`);
}
