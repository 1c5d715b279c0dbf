import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './island';

export type IslandComponents = Partial<Record<IslandName, ComponentType<any>>>;

/** Lets the browser paint and handle input between two islands (one task each). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Events that wake an `interaction` island. Listened to in the capture phase on the island's wrapper, so the island
 * hydrates before the event reaches its target, whose handlers (attached during hydration) then receive it: the DOM
 * reads a target's listeners when the event arrives there.
 */
const WAKE_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focus', 'keydown', 'click'] as const;

/**
 * Makes every `[data-island]` element of the document live with its component and the props the prerender wrote
 * (docs/decisions/037). `load` islands hydrate one per task in document order, each in a task of its own (not the
 * one that evaluated the page code); `interaction` islands hydrate at the visitor's first event inside them.
 * Resolves once every `load` island is live and every `interaction` island is listening. An island without a
 * component in `components` is an error in the page's wiring.
 */
export async function hydrateIslands(components: IslandComponents, root: ParentNode = document): Promise<number> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) {
    const name = element.dataset.island as IslandName;
    const Component = components[name];
    if (!Component) throw new Error(`No component for island "${name}"`);
    const hydrate = () => hydrateRoot(element, <Component {...(JSON.parse(element.dataset.props ?? '{}') as object)} />);
    if (element.dataset.hydrate === 'interaction') {
      const wake = () => {
        for (const type of WAKE_EVENTS) element.removeEventListener(type, wake, true);
        hydrate();
      };
      for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { capture: true, passive: true });
    } else {
      await nextTask();
      hydrate();
    }
  }
  return elements.length;
}
