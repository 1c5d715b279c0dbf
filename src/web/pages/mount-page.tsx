import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Hydrates the prerendered page as a transition, so React yields to the browser every few milliseconds instead of
 * blocking the main thread in one long task; a click on a part not yet hydrated makes React hydrate it at once
 * and replay the event. Renders from scratch when the HTML is an unrendered template (Vite dev server).
 */
export function mountPage(page: ReactElement) {
  const container = document.getElementById('root')!;
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, page));
  else createRoot(container).render(page);
}
