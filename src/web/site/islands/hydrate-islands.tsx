import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './island';

/** Tells its island's caller once React has committed the hydrated island. */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates every `[data-island]` element under `root` as a React root of its own, with the component its name
 * stands for and the props the prerender wrote (docs/decisions/060). React hydrates them in the background, in
 * slices (a transition); an event that reaches an island before its turn makes React hydrate that island at once
 * and then deliver the event (React 19's selective hydration and event replay), so a tap is never lost.
 * `hydrated` resolves when every island is committed. An island whose name has no component is an error in the
 * page's wiring.
 */
export function hydrateIslands(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own, read from the page's JSON
  components: Partial<Record<IslandName, ComponentType<any>>>,
  root: ParentNode = document,
): { count: number; hydrated: Promise<void> } {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  const islands = elements.map((element) => {
    const name = element.dataset.island as IslandName;
    const Component = components[name];
    if (!Component) throw new Error(`No component for island "${name}"`);
    return { element, Component };
  });
  const committed = islands.map(
    ({ element, Component }) =>
      new Promise<void>((resolve) => {
        const props = JSON.parse(element.dataset.props ?? '{}') as object;
        startTransition(() => {
          hydrateRoot(
            element,
            <Hydrated onHydrated={resolve}>
              <Component {...props} />
            </Hydrated>,
          );
        });
      }),
  );
  return { count: elements.length, hydrated: Promise.all(committed).then(() => undefined) };
}
