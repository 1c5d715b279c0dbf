import { useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Marks the document once the page is live (`<html data-hydrated="true">`); browser tests wait for it. */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/**
 * Hydrates the prerendered page (Preact through `react-dom/client`, docs/decisions/036): one short task that
 * attaches the event handlers to the existing DOM. Renders from scratch when the HTML is an unrendered template
 * (Vite dev server).
 */
export function mountPage(page: ReactElement) {
  const container = document.getElementById('root')!;
  const app = <MarkHydrated>{page}</MarkHydrated>;
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
