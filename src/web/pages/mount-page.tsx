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
 * Makes the page live: hydrates its islands one task each (Preact, docs/decisions/036), then marks the document
 * (`<html data-hydrated="true">`, which browser tests wait for). Resolves when every island is live, so the boot
 * script hands a held click on only then (docs/decisions/008).
 */
export async function mountPage({ islands, renderPage }: MountOptions) {
  const container = document.getElementById('root')!;
  if (!container.firstElementChild && renderPage) createRoot(container).render(await renderPage());
  else await hydrateIslands(islands, container);
  document.documentElement.dataset.hydrated = 'true';
}
