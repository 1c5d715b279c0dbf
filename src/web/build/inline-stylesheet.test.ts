// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineStyles, inlineStylesheets } from './inline-stylesheet';

const page = (head: string) => `<!doctype html><html lang="ko"><head>${head}</head><body><h1>안녕하세요</h1></body></html>`;
const files: Record<string, string> = {
  '/assets/site-1.css': 'body{word-break:keep-all}\n',
  '/assets/other-2.css': '@font-face{font-family:X;src:local("Noto Sans CJK KR"),url(/assets/x.woff2)}',
};
const read = (href: string) => {
  const css = files[href];
  if (css === undefined) throw new Error(`no ${href}`);
  return css;
};

describe('inlineStylesheets', () => {
  it('replaces each stylesheet link with a <style> holding the file, whatever the attribute order', () => {
    const html = page('<link rel="stylesheet" crossorigin href="/assets/site-1.css"><link href="/assets/other-2.css" rel="stylesheet">');
    const { html: out, inlined } = inlineStylesheets(html, read);
    expect(out).toBe(page('<style>body{word-break:keep-all}</style><style>@font-face{font-family:X;src:local("Noto Sans CJK KR"),url(/assets/x.woff2)}</style>'));
    expect(inlined).toEqual(['/assets/site-1.css', '/assets/other-2.css']);
  });

  it('fails rather than drop what a <style> cannot carry, and ignores data-href', () => {
    expect(() => inlineStylesheets(page('<link rel="stylesheet" media="print" href="/assets/site-1.css">'), read)).toThrow(/media would be lost/);
    const html = page('<link rel="stylesheet" data-href="/assets/other-2.css" href="/assets/site-1.css">');
    expect(() => inlineStylesheets(html, read)).toThrow(/data-href would be lost/);
  });

  it('leaves other links alone and reports nothing when there is no stylesheet', () => {
    const html = page('<link rel="icon" href="/favicon.ico"><link rel="manifest" href="/site.webmanifest">');
    expect(inlineStylesheets(html, read)).toEqual({ html, inlined: [] });
  });

  it('fails the build on text that would change meaning inside the HTML', () => {
    const html = page('<link rel="stylesheet" href="/assets/bad.css">');
    expect(() => inlineStylesheets(html, () => 'a::after{content:"</style><script>"}')).toThrow(/contains "<\/style"/);
    expect(() => inlineStylesheets(html, () => '.hero{background:url(hero.webp)}')).toThrow(/relative reference/);
    expect(() => inlineStylesheets(html, () => ".hero{background:url('../img/hero.webp')}")).toThrow(/relative reference/);
    expect(() => inlineStylesheets(html, () => '.hero{background:url(" img/hero.webp")}')).toThrow(/relative reference/);
    expect(() => inlineStylesheets(html, () => '.hero{background:image-set("hero.avif" 1x)}')).toThrow(/relative reference/);
    expect(() => inlineStylesheets(html, () => '@import "more.css";')).toThrow(/relative reference/);
    for (const ok of ['url(/assets/a.webp)', 'url("data:image/svg+xml,%3Csvg%3E")', 'url(https://example.com/a.png)', 'url(#clip)', 'url( "/a.png" )', 'image-set("/a.avif" 1x)']) {
      expect(inlineStylesheets(html, () => `.a{background:${ok}}`).inlined).toEqual(['/assets/bad.css']);
    }
  });
});

describe('inlineStyles', () => {
  it('reads the text of every <style> element, in order', () => {
    expect(inlineStyles(page('<style>a{}</style><link rel="stylesheet" href="/x.css"><style media="print">b{}</style>'))).toEqual(['a{}', 'b{}']);
    expect(inlineStyles(page(''))).toEqual([]);
  });
});
