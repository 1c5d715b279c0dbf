/**
 * The page code of every route, imported by the inline boot script after first paint (docs/decisions/060): the
 * site stylesheet (inlined into each page by the build), the site font, and the page's islands, hydrated with
 * React, and later the field Web Vitals beacon. `<html data-hydrated="true">` marks the moment every island is live (browser tests wait for it).
 */
import './styles/app.css';
import { noteLanding, visitStart } from './boot/landing-source';
import { startPage } from './boot/start-page';
import { hydrateIslands } from './islands/hydrate-islands';
import { islandComponents } from './islands/island-components';

const html = document.documentElement;
if (html.dataset.route === 'not-found') {
  console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
}

// Where this visit began, for the idea's source (decision 134): kept in this tab's session storage, sent with the idea.
noteLanding();
// Whether this page view begins a visit, and from where: the visit beacon counts the visit under its source.
const landing = visitStart();

await startPage(async () => {
  const { hydrated } = hydrateIslands(islandComponents);
  void hydrated.then(() => (html.dataset.hydrated = 'true'));
});

// The field Web Vitals beacon, its own chunk (decision 098), fetched once the first view is over: at the visitor's
// first tap, key or scroll, when the page is first hidden, or BEACON_AFTER_LOAD_MS after the load event, whichever
// comes first. Its observers are buffered, so the values of the first view are still read; a visit closed sooner
// without a touch is not measured.
const BEACON_AFTER_LOAD_MS = 5_000;
const BEACON_TRIGGERS = ['pointerdown', 'keydown', 'scroll', 'visibilitychange'] as const;
let beaconTimer: ReturnType<typeof setTimeout> | undefined;
const loadBeacon = () => {
  clearTimeout(beaconTimer);
  for (const type of BEACON_TRIGGERS) removeEventListener(type, loadBeacon, true);
  void import('./boot/vitals-beacon').then(({ startVitalsBeacon }) => startVitalsBeacon({ landing }), console.error);
};
for (const type of BEACON_TRIGGERS) addEventListener(type, loadBeacon, { capture: true, passive: true });
const afterLoad = () => (beaconTimer = setTimeout(loadBeacon, BEACON_AFTER_LOAD_MS));
if (document.readyState === 'complete') afterLoad();
else addEventListener('load', afterLoad, { once: true });
