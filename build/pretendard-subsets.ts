/**
 * Vite plugin serving Pretendard (npm `pretendard`, variable) as two virtual modules (docs/decisions/065):
 * - `virtual:pretendard-site-font`: the URL and descriptors of ONE woff2 file holding exactly the glyphs of the
 *   site's own copy (src/content, the contract's messages, KST date words, printable ASCII), cut from the package's
 *   variable font with harfbuzz (`subset-font`), weight axis limited to the 400–800 the design uses. Every page
 *   loads it with the FontFace API (src/web/site/boot/load-site-font.ts).
 * - `virtual:pretendard-rest.css`: the package's dynamic-subset @font-face slices, with the site's characters
 *   removed from their unicode-ranges, loaded when the visitor starts typing in the idea form so any Korean text
 *   they type also renders in Pretendard.
 * The woff2 files are real files (a `?url` import, url()s in CSS), so Vite hashes and emits them like any asset.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const SITE_ID = 'virtual:pretendard-site-font';
const REST_ID = 'virtual:pretendard-rest.css';
export const SITE_FONT_WEIGHTS = { min: 400, max: 800 } as const;

/** Characters the site may render that are produced at run time rather than written in src/content. */
const RUNTIME_TEXT = '0123456789년월일화수목금토오전후:() .,-·…“”‘’';
const PRINTABLE_ASCII = String.fromCharCode(...Array.from({ length: 95 }, (_, i) => i + 32));

type Range = [number, number];

function parseRanges(unicodeRange: string): Range[] {
  return unicodeRange.split(',').map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, '').split('-');
    const from = Number.parseInt(start ?? '', 16);
    return [from, end ? Number.parseInt(end, 16) : from];
  });
}

function formatRanges(ranges: Range[]): string {
  const hex = (cp: number) => cp.toString(16);
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

/** Removes the given code points from a list of ranges. */
export function subtractCodePoints(ranges: Range[], remove: ReadonlySet<number>): Range[] {
  const out: Range[] = [];
  for (const [from, to] of ranges) {
    let start = from;
    for (let cp = from; cp <= to; cp += 1) {
      if (remove.has(cp)) {
        if (start < cp) out.push([start, cp - 1]);
        start = cp + 1;
      }
    }
    if (start <= to) out.push([start, to]);
  }
  return out;
}

/**
 * The package's @font-face slices without the given characters: a slice left with none is dropped, so the
 * browser never fetches a slice for text the site font already draws.
 */
export function restFontFaces(css: string, siteText: string): string[] {
  const remove = new Set([...siteText].map((char) => char.codePointAt(0)!));
  const faces: string[] = [];
  for (const block of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const range = /unicode-range:\s*([^;}]+)/.exec(block)?.[1];
    if (!range) continue;
    const left = subtractCodePoints(parseRanges(range), remove);
    if (left.length > 0) faces.push(block.replace(range, formatRanges(left)));
  }
  return faces;
}

/**
 * Copy that no public page shows: the team's workspace (its own stylesheet loads Pretendard's slices), the team CLI
 * and the invite mail. Left out, so the workspace adds no glyph, and no byte, to the public pages' font.
 */
export const TEAM_ONLY_COPY = new Set([
  'workspace.ts',
  'field-figures.ts',
  'workspace-shell.ts',
  'team-cli.ts',
  'team-invite-mail.ts',
  'booking-workspace.ts',
  'weekly-mail.ts',
  'lead-source.ts',
  'push-notifications.ts',
  'kakao-templates.ts',
  'mailbox-review.ts',
  'contract-records.ts',
]);

export function collectSiteText(repoRoot: string): string {
  const contentDir = join(repoRoot, 'src/content');
  const domainDir = join(repoRoot, 'src/domain');
  const modules = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !TEAM_ONLY_COPY.has(name))
      .map((name) => join(dir, name));
  // The copy, and every message and date word of the contract the page may show (src/domain).
  const files = [...modules(contentDir), ...modules(domainDir)];
  const text = files.map((file) => readFileSync(file, 'utf8')).join('') + RUNTIME_TEXT + PRINTABLE_ASCII;
  // Only characters that can be drawn: no line breaks or other control characters.
  return [...new Set([...text])]
    .filter((char) => char.codePointAt(0)! >= 32)
    .sort()
    .join('');
}

async function siteFontFile(repoRoot: string, variableFont: string, text: string): Promise<string> {
  const key = createHash('sha256')
    .update(readFileSync(variableFont))
    .update(text)
    .update(JSON.stringify(SITE_FONT_WEIGHTS))
    .digest('hex');
  const cacheDir = join(repoRoot, 'node_modules/.cache/pretendard-site');
  const file = join(cacheDir, `PretendardSite-${key.slice(0, 12)}.woff2`);
  if (!existsSync(file)) {
    const { default: subsetFont } = await import('subset-font');
    const subset = await subsetFont(readFileSync(variableFont), text, {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: SITE_FONT_WEIGHTS.min, max: SITE_FONT_WEIGHTS.max } },
    });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(file, subset);
  }
  return file;
}

export function pretendardSubsets(repoRoot: string): Plugin {
  const require = createRequire(join(repoRoot, 'package.json'));
  const dynamicCss = require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css');
  const variableFont = require.resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2');
  const folder = dirname(dynamicCss);
  // Ids inside the package folder, so the slices' url(./woff2-dynamic-subset/…) resolve as in the original.
  const ids = { [SITE_ID]: join(folder, 'pretendard-site-font.js'), [REST_ID]: join(folder, 'pretendard-rest.css') };

  return {
    name: 'pretendard-subsets',
    enforce: 'pre',
    // The ids live in node_modules, so the dev server's dependency optimizer would try to read them from disk.
    config: () => ({ optimizeDeps: { exclude: [SITE_ID, REST_ID] } }),
    resolveId(source) {
      return source === SITE_ID || source === REST_ID ? ids[source] : null;
    },
    async load(id) {
      if (id !== ids[SITE_ID] && id !== ids[REST_ID]) return null;
      const text = collectSiteText(repoRoot);
      if (id === ids[REST_ID]) {
        this.addWatchFile(dynamicCss);
        return restFontFaces(readFileSync(dynamicCss, 'utf8'), text).join('\n');
      }
      const file = await siteFontFile(repoRoot, variableFont, text);
      return [
        `import url from ${JSON.stringify(`${file.split('\\').join('/')}?url`)};`,
        `export const siteFont = { family: 'Pretendard Variable', url, weight: '${SITE_FONT_WEIGHTS.min} ${SITE_FONT_WEIGHTS.max}' };`,
      ].join('\n');
    },
  };
}
