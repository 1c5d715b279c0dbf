/**
 * The page code of every route, imported by the inline boot script after first paint (docs/decisions/060): the
 * site stylesheet (inlined into each page by the build), the site font, and the page's islands, hydrated with
 * React, and then the field Web Vitals beacon. `<html data-hydrated="true">` marks the moment every island is live (browser tests wait for it).
 */
import './styles/app.css';
import { startPage } from './boot/start-page';
import { hydrateIslands } from './islands/hydrate-islands';
import { islandComponents } from './islands/island-components';

const html = document.documentElement;
if (html.dataset.route === 'not-found') {
  console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
}

await startPage(async () => {
  const { hydrated } = hydrateIslands(islandComponents);
  void hydrated.then(() => (html.dataset.hydrated = 'true'));
});

// The field Web Vitals beacon, its own chunk after the page code (decision 098).
void import('./boot/vitals-beacon').then(({ startVitalsBeacon }) => startVitalsBeacon(), console.error);
