import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrateIslands, type IslandComponents } from '../islands/hydrate-islands';

interface MountOptions {
  /** The page's interactive parts; the rest of the prerendered HTML stays as it is (docs/decisions/037). */
  islands: IslandComponents;
  /** Dev server only: its HTML is an unrendered template, so the whole page renders in the browser. */
  renderPage?: () => Promise<ReactElement>;
}

/**
 * Makes the page live: its islands now wait for the visitor (Preact, docs/decisions/036, 037), so any click from
 * here on reaches its handlers; then marks the document (`<html data-hydrated="true">`, which browser tests wait
 * for). The boot script hands a held click on once this has resolved (docs/decisions/008).
 *
 * The dev server's HTML is an unrendered template, so there the whole page renders live instead: a stateful
 * component left outside an `<Island>` works in dev and stays static in the build (the browser tests catch it).
 */
export async function mountPage({ islands, renderPage }: MountOptions) {
  const container = document.getElementById('root')!;
  if (!container.firstElementChild && renderPage) createRoot(container).render(await renderPage());
  else hydrateIslands(islands, container);
  document.documentElement.dataset.hydrated = 'true';
}
