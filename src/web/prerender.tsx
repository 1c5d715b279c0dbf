/**
 * Build-time renderer: turns each route's page into static HTML with React 19's `react-dom/static` prerender
 * (waits for all data and Suspense boundaries). Bundled by Vite's SSR build and called from scripts/build-site.ts.
 */
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import type { RouteId } from '../content/site';
import { AboutPage } from './pages/about-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PrivacyPage } from './pages/privacy-page';

const pages: Record<RouteId, () => ReactElement> = {
  home: () => <HomePage />,
  about: () => <AboutPage />,
  privacy: () => <PrivacyPage />,
  'not-found': () => <NotFoundPage />,
};

export async function renderRoute(routeId: RouteId): Promise<string> {
  const { prelude } = await prerender(pages[routeId]());
  return new Response(prelude).text();
}
