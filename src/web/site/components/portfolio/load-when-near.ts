/**
 * Calls `load` once, when `element` comes within `rootMargin` of the screen (decision 080): code a section needs on
 * its first tap arrives while the visitor scrolls towards it, not after the tap, and a visitor who never scrolls
 * that far never fetches it. Returns the function that stops watching. Without IntersectionObserver it does
 * nothing: the tap still loads the code.
 */
export function loadWhenNear(
  element: Element | null,
  load: () => unknown,
  {
    rootMargin = '0px 0px 50% 0px',
    target = globalThis as { IntersectionObserver?: typeof IntersectionObserver },
  } = {},
): () => void {
  const Observer = target.IntersectionObserver;
  if (!element || !Observer) return () => undefined;
  const observer = new Observer(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
