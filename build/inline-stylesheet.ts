/**
 * The site stylesheet goes into each page's HTML as a `<style>` element (docs/decisions/067, 060). Linked, it was a
 * second request the first paint waited for, one round trip after the HTML; and while it was still on its way
 * Chromium's form handling (the idea form) could make the browser style and lay out the whole page without it,
 * work thrown away when the stylesheet arrived. Inline, the page's first layout has its styles, and the first
 * paint needs nothing but the HTML.
 */

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

/**
 * The stylesheet `css` (from the file `name`, for error messages) as a `<style>` element. Fails the build on what
 * cannot move into the HTML unchanged: a `</style` would end the element early; a relative `url()`, `image-set()`
 * entry or an `@import` would resolve against the page instead of the stylesheet's folder.
 */
export function styleElement(name: string, css: string): string {
  const text = css.trim();
  if (/<\/style/i.test(text)) throw new Error(`${name}: contains "</style", cannot be inlined`);
  const reference = relativeReference(text);
  if (reference) throw new Error(`${name}: has a relative reference (${reference}…), which would break once inlined`);
  return `<style>${text}</style>`;
}

/** The text of every `<style>` element in `html`, in document order. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
}
