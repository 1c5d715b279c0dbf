import { startTransition, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Marks the document once the page is live (`<html data-hydrated="true">`); browser tests wait for it. */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/**
 * Hydrates the prerendered page as a transition, so React yields to the browser every few milliseconds instead of
 * blocking the main thread in one long task; a click on a part not yet hydrated makes React hydrate it at once
 * and replay the event. Renders from scratch when the HTML is an unrendered template (Vite dev server).
 */
export function mountPage(page: ReactElement) {
  const container = document.getElementById('root')!;
  const app = <MarkHydrated>{page}</MarkHydrated>;
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
