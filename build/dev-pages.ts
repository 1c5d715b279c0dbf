/**
 * Vite dev server plugin: answers each route's path with its document, prerendered on request from the page
 * modules (src/web/site/prerender.tsx through Vite's SSR loader) and loading the page code as a module script, so
 * `npm run dev` shows the same pages as the build, islands and all. Other paths that want HTML get the 404 page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { routeById, routes } from '../src/content/site';
import type * as Prerender from '../src/web/site/prerender';
import { renderHead } from '../src/web/site/seo/head';
import { buildSettingsOf, siteSettingsOf } from './build-settings';
import { pageDocument } from './page-document';

export function devPages(): Plugin {
  return {
    name: 'mvp24:dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => void renderPage(request, response, next));
      async function renderPage(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const wantsHtml = request.headers.accept?.includes('text/html');
        const route = routes.find((candidate) => candidate.path === url.pathname.replace(/(.)\/$/, '$1'));
        if (!wantsHtml || (!route && /\.\w+$/.test(url.pathname))) return next();
        try {
          const page = route ?? routeById('not-found');
          const { renderRoute } = (await server.ssrLoadModule('/prerender.tsx')) as typeof Prerender;
          const html = pageDocument({
            routeId: page.id,
            head: renderHead(page.id, `http://localhost:${server.config.server.port}`),
            styles: '',
            body: await renderRoute(page.id, siteSettingsOf(buildSettingsOf(process.env), false)),
            script: '<script type="module" src="/client.tsx"></script>',
          });
          response.statusCode = route ? 200 : 404;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(await server.transformIndexHtml(url.pathname, html));
        } catch (error) {
          next(error);
        }
      }
    },
  };
}
