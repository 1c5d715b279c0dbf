/**
 * The build's size report per page (gzip -9): the code its inline boot script loads after first paint (entry +
 * preloads, docs/decisions/008), its CSS (inline, docs/decisions/044, and any linked file) and HTML. The budgets (tests/budgets) measure independently and also
 * catch a page that names a script file itself; the build fails earlier if a page has no boot script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBootScript } from './boot-tag';
import { inlineStyles, stylesheetLink } from './inline-stylesheet';

export interface PageWeight {
  js: string[];
  /** Linked stylesheets (none once the build inlines them). */
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
  const boot = readBootScript(html);
  const js = boot ? [boot.entry, ...boot.preload] : [];
  const css = [...html.matchAll(stylesheetLink)].map((match) => match[1]!);
  const sum = (urls: string[]) => [...new Set(urls)].reduce((total, url) => total + gz(readFileSync(join(outDir, url))), 0);
  const inline = inlineStyles(html).join('');
  const cssGzip = sum(css) + (inline ? gz(inline) : 0);
  return { js, css, jsGzip: sum(js), cssGzip, htmlGzip: gz(html), bootBytes: boot?.code.length ?? 0 };
}
