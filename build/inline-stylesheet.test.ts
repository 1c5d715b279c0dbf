// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inlineStyles, styleElement } from './inline-stylesheet';

const page = (head: string) =>
  `<!doctype html><html lang="ko"><head>${head}</head><body><h1>안녕하세요</h1></body></html>`;

describe('styleElement', () => {
  it('wraps the stylesheet in a <style> element, trimmed', () => {
    expect(styleElement('site.css', 'body{word-break:keep-all}\n')).toBe('<style>body{word-break:keep-all}</style>');
  });

  it('fails the build on text that would change meaning inside the HTML', () => {
    expect(() => styleElement('bad.css', 'a::after{content:"</style><script>"}')).toThrow(
      /bad\.css: contains "<\/style"/,
    );
    expect(() => styleElement('bad.css', '.hero{background:url(hero.webp)}')).toThrow(/relative reference/);
    expect(() => styleElement('bad.css', ".hero{background:url('../img/hero.webp')}")).toThrow(/relative reference/);
    expect(() => styleElement('bad.css', '.hero{background:url(" img/hero.webp")}')).toThrow(/relative reference/);
    expect(() => styleElement('bad.css', '.hero{background:image-set("hero.avif" 1x)}')).toThrow(/relative reference/);
    expect(() => styleElement('bad.css', '@import "more.css";')).toThrow(/relative reference/);
    for (const ok of [
      'url(/assets/a.webp)',
      'url("data:image/svg+xml,%3Csvg%3E")',
      'url(https://example.com/a.png)',
      'url(#clip)',
      'url( "/a.png" )',
      'image-set("/a.avif" 1x)',
    ]) {
      expect(styleElement('ok.css', `.a{background:${ok}}`)).toBe(`<style>.a{background:${ok}}</style>`);
    }
  });
});

describe('inlineStyles', () => {
  it('reads the text of every <style> element, in order', () => {
    expect(
      inlineStyles(page('<style>a{}</style><link rel="stylesheet" href="/x.css"><style media="print">b{}</style>')),
    ).toEqual(['a{}', 'b{}']);
    expect(inlineStyles(page(''))).toEqual([]);
  });
});
