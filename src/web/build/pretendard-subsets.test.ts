import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { splitFontFaces } from './pretendard-subsets';

const face = (range: string) => `@font-face { font-family: 'P'; src: url(./a.woff2); unicode-range: ${range}; }`;

describe('splitFontFaces', () => {
  it('keeps the slices that cover a character of the text and defers the rest', () => {
    const css = [face('U+0020-007E'), face('U+AC00, U+AC01'), face('U+D7A0-D7A3')].join('\n');
    const split = splitFontFaces(css, 'A가');
    expect(split.site).toEqual([face('U+0020-007E'), face('U+AC00, U+AC01')]);
    expect(split.rest).toEqual([face('U+D7A0-D7A3')]);
  });

  it('keeps a face without unicode-range (it covers everything)', () => {
    const css = "@font-face { font-family: 'P'; src: url(./a.woff2); }";
    expect(splitFontFaces(css, '가').site).toHaveLength(1);
  });

  it("splits the real package CSS without losing a slice, keeping a minority for the site's copy", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'), 'utf8');
    const split = splitFontFaces(css, '아이디어를 24시간 안에 작동하는 프로토타입으로');
    expect(split.site.length + split.rest.length).toBe(92);
    expect(split.site.length).toBeGreaterThan(0);
    expect(split.site.length).toBeLessThan(split.rest.length);
  });
});
