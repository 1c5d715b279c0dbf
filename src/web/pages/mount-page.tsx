import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Hydrates the prerendered page; renders from scratch when the HTML is an unrendered template (Vite dev server). */
export function mountPage(page: ReactElement) {
  const container = document.getElementById('root')!;
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
}
