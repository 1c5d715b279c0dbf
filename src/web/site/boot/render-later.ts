/**
 * Sections below the first screen render later (docs/decisions/060). The page marks them `data-render-later`
 * (`content-visibility: auto` in app.css): the first paint lays out only what a phone's first screen shows, and
 * once the page code and the site font are in, `startPage` renders the deferred sections one frame each, so the
 * rest of the page is laid out in short frames instead of in one long first layout.
 *
 * A jump to a fragment (#idea-form) or a restored scroll position would be computed from the placeholders'
 * estimated heights and miss, so the boot script renders every deferred section at once right before those: a
 * page opened with a fragment or by Back/Forward, a click on a link to a fragment of this page, a hash change.
 */
export const RENDER_LATER = 'data-render-later';

const deferred = (doc: Document) => [...doc.querySelectorAll(`[${RENDER_LATER}]`)];

/** Renders every deferred section now. */
export function renderAllNow(doc: Document = document) {
  for (const element of deferred(doc)) element.removeAttribute(RENDER_LATER);
}

/** Renders everything before the browser jumps to a fragment of this page or restores a scroll position. */
export function renderAllBeforeAnchorJumps(doc: Document = document) {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (doc.location.hash.length > 1 || navigation?.type === 'back_forward') renderAllNow(doc);
  doc.defaultView?.addEventListener('hashchange', () => renderAllNow(doc));
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
    const here = doc.location;
    if (link.origin === here.origin && link.pathname === here.pathname && link.search === here.search)
      renderAllNow(doc);
  };
  doc.addEventListener('click', onClick, true);
}

/** Resolves in a task after the browser's next frame: the layout a change caused has been done by then. */
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Renders the deferred sections in document order, one per frame (tasks alone would not do: several tasks can
 * run before the next frame, which would then lay out all their sections at once); resolves when none is left.
 */
export async function renderDeferredSections(doc: Document = document): Promise<void> {
  for (const element of deferred(doc)) {
    await afterNextFrame();
    element.removeAttribute(RENDER_LATER);
  }
}
