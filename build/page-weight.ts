/**
 * The build's size report per page (gzip -9): the code its inline boot script loads after first paint (entry +
 * preloads, docs/decisions/060), its inline CSS and its HTML. The budgets (tests/budgets) measure independently and
 * also catch a page that names a script file itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBootScript } from './boot-tag';
import { inlineStyles } from './inline-stylesheet';

export interface PageWeight {
  js: string[];
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
  const jsGzip = [...new Set(js)].reduce((total, url) => total + gz(readFileSync(join(outDir, url))), 0);
  const inline = inlineStyles(html).join('');
  return { js, jsGzip, cssGzip: inline ? gz(inline) : 0, htmlGzip: gz(html), bootBytes: boot?.code.length ?? 0 };
}
