import { startTransition, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './island';
import type { IslandLoader } from './island-components';

/** Tells its island's caller once React has committed the hydrated island. */
function Hydrated({ children, onHydrated }: { children: React.ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates every `[data-island]` element under `root` as a React root of its own, with the component its name
 * stands for and the props the prerender wrote (docs/decisions/060). Resolves once every island's hydration has
 * started: from then on React hydrates them in the background, and an event that reaches an island before its
 * turn makes React hydrate that island at once and then deliver the event (React 19's selective hydration and
 * event replay), so a tap is never lost. `hydrated` resolves when all of them are committed. An island whose name
 * has no component is an error in the page's wiring.
 */
export async function hydrateIslands(
  components: Partial<Record<IslandName, IslandLoader>>,
  root: ParentNode = document,
): Promise<{ count: number; hydrated: Promise<void> }> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  const loaded = await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island as IslandName;
      const load = components[name];
      if (!load) throw new Error(`No component for island "${name}"`);
      return { element, Component: (await load()) as ComponentType<object> };
    }),
  );
  const committed = loaded.map(
    ({ element, Component }) =>
      new Promise<void>((resolve) => {
        const props = JSON.parse(element.dataset.props ?? '{}') as object;
        // A transition: React hydrates in short slices, yielding to the visitor's input between them.
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
