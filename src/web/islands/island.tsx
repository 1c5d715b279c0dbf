import type { ComponentType } from 'react';

/** The interactive parts of the site; everything outside them is static HTML that is never hydrated. */
export type IslandName = 'header' | 'portfolio' | 'faq' | 'idea-form';

/**
 * When an island hydrates: `interaction` at the visitor's first pointer, hover, touch, focus, key or click inside
 * it, in time for that very event to reach the island's handlers; `visible` when it comes within 200 px of the
 * viewport, or at such an interaction if that comes first.
 */
export type IslandHydration = 'interaction' | 'visible';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain JSON: written into the HTML, so the page code can hydrate the island with the same props. */
  props: P;
  hydrate?: IslandHydration;
}

/**
 * Marks an interactive part of a page (docs/decisions/037): the prerendered HTML wraps it in
 * `<div data-island="…" data-props="…" data-hydrate="…">` (`display: contents`, so the wrapper changes neither
 * layout nor the accessibility tree), and the page code hydrates each island on its own, when it is needed,
 * instead of the whole page at load.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = 'interaction' }: IslandProps<P>) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-hydrate={hydrate} className="contents">
      <Component {...props} />
    </div>
  );
}
