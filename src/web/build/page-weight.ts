/**
 * Measures what a built page loads before any interaction (gzip -9): the code its inline boot script loads after
 * first paint (entry + preloads, docs/decisions/008) or any <script src>/modulepreload, and its CSS and HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBootScript } from './boot-tag';

export interface PageWeight {
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  /** Bytes of the inline boot script (0 when the page has none). */
  bootBytes: number;
}

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

export function measurePage(outDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(join(outDir, htmlFile), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const boot = readBootScript(html);
  const js = [
    ...(boot ? [boot.entry, ...boot.preload] : []),
    ...tags
      .filter((tag) => (tag.startsWith('<script') && attr(tag, 'src')) || attr(tag, 'rel') === 'modulepreload')
      .map((tag) => (attr(tag, 'src') ?? attr(tag, 'href'))!),
  ].filter((url) => url.startsWith('/'));
  const css = tags.filter((tag) => attr(tag, 'rel') === 'stylesheet').map((tag) => attr(tag, 'href')!);
  const sum = (urls: string[]) => [...new Set(urls)].reduce((total, url) => total + gz(readFileSync(join(outDir, url))), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css), htmlGzip: gz(html), bootBytes: boot?.code.length ?? 0 };
}
