/**
 * Build-time renderer: turns each route's page into static HTML with Preact's `renderToStringAsync` (waits for lazy
 * components and Suspense boundaries), the same runtime that hydrates it in the browser. Bundled by Vite's SSR
 * build and called from scripts/build-site.ts.
 */
import type { ReactElement } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
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
  return renderToStringAsync(pages[routeId]() as unknown as Parameters<typeof renderToStringAsync>[0]);
}
