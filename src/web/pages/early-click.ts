/**
 * Keeps a click on a prerendered button that lands before the page's code has loaded, and clicks the same button
 * again once the page is live (its island then hydrates on that click and runs the handler, docs/decisions/037).
 * Clicks after that need no help: each island wakes on its first event. Links are left alone: they work without
 * JavaScript. Returns the function that hands the click over.
 */
export function holdEarlyClick(root: HTMLElement | null = document.getElementById('root')) {
  let pending: HTMLButtonElement | undefined;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root?.contains(button)) return;
    event.preventDefault(); // no native form submission before the form's own handler exists
    pending = button;
  };
  root?.addEventListener('click', hold, true);
  return function release() {
    root?.removeEventListener('click', hold, true);
    const button = pending;
    pending = undefined;
    if (button?.isConnected) button.click();
  };
}
