/** Escaping for JSON inside <script> in the static <head> (HTML text and attributes: domain/escape-html.ts). */

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>`, `&` and the JS line separators are written as
 * \u escapes so no value can close the script element or open a comment, while the JSON stays equivalent.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
