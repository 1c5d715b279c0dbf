import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './island';

export type IslandComponents = Partial<Record<IslandName, ComponentType<any>>>;

/**
 * Events that wake an `interaction` island. Listened to in the capture phase on the island's wrapper, so the island
 * hydrates before the event reaches its target, whose handlers (attached during hydration) then receive it: the DOM
 * reads a target's listeners when the event arrives there.
 */
const WAKE_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focus', 'keydown', 'click'] as const;

/** Listens for the first wake event inside `element`; returns the function that wakes it, which runs `wake` once. */
function wakeOnFirstEvent(element: HTMLElement, wake: () => void): () => void {
  let woken = false;
  const wakeNow = () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) element.removeEventListener(type, wakeNow, true);
    wake();
  };
  for (const type of WAKE_EVENTS) element.addEventListener(type, wakeNow, { capture: true, passive: true });
  return wakeNow;
}

/**
 * Calls `onNear` when the island's content comes within 200 px of the viewport (its first element: the wrapper,
 * display: contents, has no box); returns the function that stops watching.
 */
function watchNearViewport(element: HTMLElement, onNear: () => void): () => void {
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onNear(), {
    rootMargin: '200px',
  });
  observer.observe(element.firstElementChild ?? element);
  return () => observer.disconnect();
}

/**
 * Makes every `[data-island]` element of the document ready to come alive with its component and the props the
 * prerender wrote (docs/decisions/037): `interaction` islands hydrate at the visitor's first event inside them,
 * `visible` islands when they come near the viewport (or at such an event). Nothing hydrates at load. An island
 * without a component in `components` is an error in the page's wiring. Returns the number of islands.
 */
export function hydrateIslands(components: IslandComponents, root: ParentNode = document): number {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) {
    const name = element.dataset.island as IslandName;
    const Component = components[name];
    if (!Component) throw new Error(`No component for island "${name}"`);
    const hydrate = () => hydrateRoot(element, <Component {...(JSON.parse(element.dataset.props ?? '{}') as object)} />);
    const wakeNow = wakeOnFirstEvent(element, () => {
      stopWatching();
      hydrate();
    });
    const stopWatching = element.dataset.hydrate === 'visible' ? watchNearViewport(element, wakeNow) : () => {};
  }
  return elements.length;
}
