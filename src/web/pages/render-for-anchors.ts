/**
 * In-page links and deferred sections (docs/decisions/009): sections marked `render-near-viewport` are laid out at
 * an estimated height until they come near the viewport. A jump to a fragment (#idea-form) computes its target
 * from those estimates, and the sections it passes would then render at their real heights under the scroll, so
 * the jump would miss. Right before such a jump — a page opened with a fragment, or a click on a link to a fragment
 * of this page — this renders every deferred section (`<html class="render-all">`), so the browser scrolls with
 * real heights. Runs from the inline boot script, so it works before the page code has loaded.
 */
export const RENDER_ALL_CLASS = 'render-all';

export function renderAllBeforeAnchorJumps(doc: Document = document) {
  const renderAll = () => doc.documentElement.classList.add(RENDER_ALL_CLASS);
  if (doc.location.hash.length > 1) renderAll();
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
    const here = doc.location;
    if (link.origin === here.origin && link.pathname === here.pathname && link.search === here.search) {
      renderAll();
      doc.removeEventListener('click', onClick, true);
    }
  };
  doc.addEventListener('click', onClick, true);
}
