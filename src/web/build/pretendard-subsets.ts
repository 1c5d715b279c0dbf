/**
 * Vite plugin: splits Pretendard's dynamic-subset @font-face list (92 unicode-range slices, ~13 KB gzip of CSS)
 * into two virtual stylesheets (docs/decisions/004):
 * - `virtual:pretendard-site.css`: the slices that contain a character of the site's own copy (src/content,
 *   the contract's messages, the KST date words), loaded with every page;
 * - `virtual:pretendard-rest.css`: every other slice, loaded when the visitor starts typing in the idea form.
 * The woff2 files are the package's own; url()s resolve against the package folder, so Vite hashes and emits them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const SITE_ID = 'virtual:pretendard-site.css';
const REST_ID = 'virtual:pretendard-rest.css';

/** Characters the site may render that are produced at run time rather than written in src/content. */
const RUNTIME_TEXT = '0123456789년월일화수목금토오전후:() .,-';

type Range = readonly [number, number];

function parseRanges(unicodeRange: string): Range[] {
  return unicodeRange.split(',').map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, '').split('-');
    const from = Number.parseInt(start ?? '', 16);
    return [from, end ? Number.parseInt(end, 16) : from] as const;
  });
}

export interface FontFaceSplit {
  site: string[];
  rest: string[];
}

/** Splits @font-face blocks by whether their unicode-range covers any code point of `text`. */
export function splitFontFaces(css: string, text: string): FontFaceSplit {
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0)!))];
  const split: FontFaceSplit = { site: [], rest: [] };
  for (const block of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const range = /unicode-range:\s*([^;}]+)/.exec(block)?.[1];
    const ranges = range ? parseRanges(range) : [];
    const used = !range || codePoints.some((cp) => ranges.some(([from, to]) => cp >= from && cp <= to));
    (used ? split.site : split.rest).push(block);
  }
  return split;
}

function siteText(repoRoot: string): string {
  const contentDir = join(repoRoot, 'src/content');
  const files = readdirSync(contentDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(contentDir, name));
  files.push(join(repoRoot, 'src/domain/idea.ts'));
  return files.map((file) => readFileSync(file, 'utf8')).join('') + RUNTIME_TEXT;
}

export function pretendardSubsets(repoRoot: string): Plugin {
  const require = createRequire(join(repoRoot, 'package.json'));
  const cssFile = require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css');
  const folder = dirname(cssFile);
  // Ids inside the package folder, so the url(./woff2-dynamic-subset/…) references resolve as in the original.
  const ids = { [SITE_ID]: join(folder, 'pretendard-site.css'), [REST_ID]: join(folder, 'pretendard-rest.css') };
  let split: FontFaceSplit | null = null;

  return {
    name: 'pretendard-subsets',
    enforce: 'pre',
    resolveId(source) {
      return source === SITE_ID || source === REST_ID ? ids[source] : null;
    },
    load(id) {
      if (id !== ids[SITE_ID] && id !== ids[REST_ID]) return null;
      split ??= splitFontFaces(readFileSync(cssFile, 'utf8'), siteText(repoRoot));
      this.addWatchFile(cssFile);
      return (id === ids[SITE_ID] ? split.site : split.rest).join('\n');
    },
  };
}
