import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './island';

export type IslandComponents = Partial<Record<IslandName, ComponentType<any>>>;

/** Lets the browser paint and handle input between two islands (one task each). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates every `[data-island]` element of the document with its component and the props the prerender wrote,
 * one island per task in document order, each in a task of its own (not in the one that evaluated the page
 * code), so no single task holds the main thread for long. Resolves once all of them are live. An island without
 * a component in `components` is an error in the page's wiring.
 */
export async function hydrateIslands(components: IslandComponents, root: ParentNode = document): Promise<number> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) {
    const name = element.dataset.island as IslandName;
    const Component = components[name];
    if (!Component) throw new Error(`No component for island "${name}"`);
    await nextTask();
    hydrateRoot(element, <Component {...(JSON.parse(element.dataset.props ?? '{}') as object)} />);
  }
  return elements.length;
}
