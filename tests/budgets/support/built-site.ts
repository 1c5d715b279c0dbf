/** Reading the production build (dist/site) the way a browser's first view sees it: HTML and what it references. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routes, type RouteId } from '../../../src/content/site';
import { readBootScript } from '../../../build/boot-tag';

// jsdom (already a dev dependency for the component tests) ships no type declarations; this is the one shape used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

export const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const siteDir = join(repoRoot, 'dist', 'site');

/** Throws a clear error when there is no build to measure (budgets must never pass vacuously). */
export function requireBuiltSite(): void {
  const missing = routes.map((r) => r.file).filter((file) => !existsSync(join(siteDir, file)));
  if (missing.length > 0) {
    throw new Error(
      `No production build to measure: ${missing.join(', ')} missing in ${siteDir}. Run \`npm run build\` first.`,
    );
  }
}

export const gzipBytes = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

export interface PageAssets {
  html: string;
  document: Document;
  /**
   * Files loaded as JavaScript on first view, deduplicated: the entry and preloads the inline boot script names
   * (loaded after first paint, docs/decisions/060) and any <script src> or <link rel="modulepreload">.
   */
  scripts: string[];
  /** Files the browser must fetch as JavaScript before it can paint: <script src> and modulepreloads in the HTML. */
  scriptsBeforePaint: string[];
  /** The inline boot script (`<script data-entry>`), if the page has one. */
  boot: HTMLScriptElement | null;
  /** Stylesheets linked from the page (none: the build inlines them, docs/decisions/067). */
  stylesheets: string[];
  /** The text of the page's `<style>` elements, joined. */
  inlineCss: string;
}

/** Maps a same-origin URL from the built HTML (`/assets/x.js`, `./x.js`) to its file under dist/site. */
export function fileForUrl(url: string, pageFile: string): string {
  const base = new URL(`http://site.invalid/${pageFile}`);
  const resolved = new URL(url, base);
  if (resolved.origin !== base.origin) throw new Error(`${pageFile} references an external asset: ${url}`);
  return join(siteDir, decodeURIComponent(resolved.pathname));
}

export function readPage(routeId: RouteId): PageAssets {
  const route = routes.find((r) => r.id === routeId);
  if (!route) throw new Error(`unknown route ${routeId}`);
  const html = readFileSync(join(siteDir, route.file), 'utf8');
  const { document } = new JSDOM(html).window;
  const attr = (selector: string, name: string) =>
    [...document.querySelectorAll(selector)].map((el) => el.getAttribute(name)).filter((v): v is string => !!v);
  const toFiles = (urls: string[]) => [...new Set(urls)].map((u) => fileForUrl(u, route.file));
  const scriptsBeforePaint = toFiles([...attr('script[src]', 'src'), ...attr('link[rel="modulepreload"]', 'href')]);
  const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
  const bootCode = readBootScript(html);
  const scripts = [
    ...new Set([...toFiles(bootCode ? [bootCode.entry, ...bootCode.preload] : []), ...scriptsBeforePaint]),
  ];
  const stylesheets = toFiles(attr('link[rel="stylesheet"]', 'href'));
  const inlineCss = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('');
  return { html, document, scripts, scriptsBeforePaint, boot, stylesheets, inlineCss };
}

/** Sum of gzip -9 sizes of the given files (each compressed on its own, as a server sends them). */
export function gzipTotal(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipBytes(readFileSync(file)), 0);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
