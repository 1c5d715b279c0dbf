/**
 * The site stylesheet goes into each page's HTML as a `<style>` element (docs/decisions/044). Linked, it was a
 * second request the first paint waited for, one round trip after the HTML; and while it was still on its way
 * Chromium's form handling (the idea form) could make the browser style and lay out the whole page without it,
 * work thrown away when the stylesheet arrived. Inline, the page's first layout has its styles, and the first
 * paint needs nothing but the HTML.
 */

/** `<link rel="stylesheet" … href="…">` as Vite writes it (attributes in any order, optional crossorigin). */
export const stylesheetLink = /<link\b(?=[^>]*\brel="stylesheet")[^>]*(?<![\w-])href="([^"]+)"[^>]*>/g;

/** What a `<link>` may carry and still become a plain `<style>`: a media query or the like would be lost. */
const carriedOver = new Set(['rel', 'href', 'crossorigin']);

/** A URL the stylesheet would resolve against its own folder: neither absolute, root-relative nor a fragment. */
const isRelative = (url: string) => url !== '' && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url);

/** The first reference in `css` that depends on the stylesheet's location: a relative url() or image-set() entry, an @import. */
function relativeReference(css: string): string | undefined {
  if (/@import/i.test(css)) return '@import';
  for (const match of css.matchAll(/url\(\s*['"]?\s*([^)'"]*)/gi)) if (isRelative(match[1]!.trim())) return match[0];
  for (const [, body] of css.matchAll(/image-set\(([^)]*)\)/gi)) {
    const url = [...body!.matchAll(/['"]([^'"]*)['"]/g)].map((m) => m[1]!.trim()).find(isRelative);
    if (url !== undefined) return `image-set("${url}"`;
  }
  return undefined;
}

export interface InlinedPage {
  html: string;
  /** The stylesheet URLs the page linked, now inlined. */
  inlined: string[];
}

/**
 * Replaces every stylesheet link in `html` with a `<style>` holding the file's text (`readStylesheet(href)`).
 * Fails the build on what cannot move into the HTML unchanged: a `</style` would end the element early; a relative
 * `url()`, `image-set()` entry or an `@import` would resolve against the page instead of the stylesheet's folder;
 * a link attribute other than rel, href and crossorigin (a media query, say) would be dropped.
 */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string): InlinedPage {
  const inlined: string[] = [];
  const out = html.replace(stylesheetLink, (link: string, href: string) => {
    const attributes = [...link.slice('<link'.length).matchAll(/([\w-]+)(?:=(?:"[^"]*"|\S+))?/g)].map((m) => m[1]!.toLowerCase());
    const lost = attributes.filter((name) => !carriedOver.has(name));
    if (lost.length) throw new Error(`${href}: the link's ${lost.join(', ')} would be lost in a <style>`);
    const css = readStylesheet(href).trim();
    if (/<\/style/i.test(css)) throw new Error(`${href}: contains "</style", cannot be inlined`);
    const reference = relativeReference(css);
    if (reference) throw new Error(`${href}: has a relative reference (${reference}…), which would break once inlined`);
    inlined.push(href);
    return `<style>${css}</style>`;
  });
  return { html: out, inlined };
}

/** The text of every `<style>` element in `html`, in document order. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
}
