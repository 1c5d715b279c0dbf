import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { collectSiteText, restFontFaces, subtractCodePoints } from './pretendard-subsets';

const face = (range: string) => `@font-face { font-family: 'P'; src: url(./a.woff2); unicode-range: ${range}; }`;
// Vitest runs from the repository root.
const repoRoot = process.cwd();

describe('subtractCodePoints', () => {
  it('cuts single code points out of ranges', () => {
    expect(
      subtractCodePoints(
        [
          [0x20, 0x25],
          [0xac00, 0xac00],
        ],
        new Set([0x20, 0x23, 0xac00]),
      ),
    ).toEqual([
      [0x21, 0x22],
      [0x24, 0x25],
    ]);
  });
});

describe('restFontFaces', () => {
  it("removes the site's characters from each slice and drops slices left empty", () => {
    const css = [face('U+0020-007E'), face('U+AC00, U+AC01'), face('U+AC02')].join('\n');
    expect(restFontFaces(css, 'A가갂')).toEqual([face('U+20-40, U+42-7e'), face('U+ac01')]);
  });

  it('keeps every character of the package outside the site text', () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(
      require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
      'utf8',
    );
    const faces = restFontFaces(css, '아이디어');
    expect(faces.length).toBe(92);
    expect(faces.join('\n')).not.toMatch(/U\+c544(?![0-9a-f])/i);
  });
});

describe('collectSiteText', () => {
  it("holds the copy's characters, printable ASCII and the KST date words, without control characters", () => {
    const text = collectSiteText(repoRoot);
    for (const char of '외주서비스신청서상담신청하기Oops!@~년월일오후') expect(text).toContain(char);
    expect(text).not.toMatch(/[\n\r\t]/);
    expect(new Set(text).size).toBe(text.length);
  });
});
