/**
 * Build-time renderer: turns each route's page into static HTML with React's `prerender` (react-dom/static), which
 * waits for lazy components and Suspense boundaries — the same React that hydrates the islands in the browser.
 * Each route's page is the default export of `pages/<route id>-page.tsx`; a route without one fails the build.
 * Bundled by Vite's SSR build and called from build/build-site.ts (and by the dev server, build/dev-pages.ts).
 */
import type { ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import type { RouteId, SiteSettings } from '../../content/site';
import { SiteSettingsProvider } from './site-settings';

const pages = import.meta.glob<ComponentType>('./pages/*-page.tsx', { eager: true, import: 'default' });

export function pageFor(routeId: RouteId): ComponentType {
  const Page = pages[`./pages/${routeId}-page.tsx`];
  if (!Page)
    throw new Error(`route "${routeId}" has no page: add src/web/site/pages/${routeId}-page.tsx with a default export`);
  return Page;
}

/** The route's page as HTML, with the agency's details the build was configured with (build/build-settings.ts). */
export async function renderRoute(routeId: RouteId, settings: SiteSettings): Promise<string> {
  const Page = pageFor(routeId);
  const { prelude } = await prerender(
    <SiteSettingsProvider settings={settings}>
      <Page />
    </SiteSettingsProvider>,
  );
  return new Response(prelude).text();
}
