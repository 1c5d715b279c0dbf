/**
 * Every route's HTML document, in one place: `lang="ko"`, the head tags from the route's data, the site stylesheet
 * inline (docs/decisions/060), the prerendered page and, last, the script that loads the page code (the inline boot
 * script in a build, Vite's module script in the dev server).
 */
export interface PageDocument {
  routeId: string;
  /** Head tags: title, description, canonical, Open Graph, icons (src/web/site/seo/head.ts). */
  head: string;
  /** `<style>` elements (or, in the dev server, nothing: Vite injects the styles). */
  styles: string;
  /** The prerendered page. */
  body: string;
  /** The script tag that makes the page live. */
  script: string;
}

export function pageDocument({ routeId, head, styles, body, script }: PageDocument): string {
  return `<!doctype html>
<html lang="ko" data-route="${routeId}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    ${head}${styles}
  </head>
  <body>
    <div id="root">${body}</div>
    ${script}
  </body>
</html>
`;
}
