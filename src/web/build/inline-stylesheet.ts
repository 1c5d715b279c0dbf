/**
 * The site stylesheet goes into each page's HTML as a `<style>` element (docs/decisions/044). Linked, it was a
 * second request the first paint waited for, one round trip after the HTML; and while it was still on its way
 * Chromium's form handling (the idea form) could make the browser style and lay out the whole page without it,
 * work thrown away when the stylesheet arrived. Inline, the page's first layout has its styles, and the first
 * paint needs nothing but the HTML.
 */

/** `<link rel="stylesheet" … href="…">` as Vite writes it (attributes in any order, optional crossorigin). */
const stylesheetLink = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="([^"]+)"[^>]*>/g;

export interface InlinedPage {
  html: string;
  /** The stylesheet URLs the page linked, now inlined. */
  inlined: string[];
}

/**
 * Replaces every stylesheet link in `html` with a `<style>` holding the file's text (`readStylesheet(href)`).
 * Fails the build on text that cannot move into the HTML unchanged: a `</style` would end the element early, and a
 * relative `url()` would resolve against the page instead of the stylesheet's folder.
 */
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string): InlinedPage {
  const inlined: string[] = [];
  const out = html.replace(stylesheetLink, (_link, href: string) => {
    const css = readStylesheet(href).trim();
    if (/<\/style/i.test(css)) throw new Error(`${href}: contains "</style", cannot be inlined`);
    const relativeUrl = /url\(\s*(['"]?)(?![a-z][a-z0-9+.-]*:|\/|#)[^)'"]/i.exec(css);
    if (relativeUrl) throw new Error(`${href}: has a relative url() (${relativeUrl[0]}…), which would break once inlined`);
    inlined.push(href);
    return `<style>${css}</style>`;
  });
  return { html: out, inlined };
}

/** The text of every `<style>` element in `html`, in document order. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
}
