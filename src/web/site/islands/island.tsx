import type { ComponentType } from 'react';

/** The interactive parts of the site; everything outside them is static HTML that is never hydrated. */
export type IslandName = 'header' | 'portfolio' | 'faq' | 'idea-form';

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain JSON: written into the HTML, so the page code can hydrate the island with the same props. */
  props: P;
}

/**
 * Marks an interactive part of a page (docs/decisions/060): the prerendered HTML wraps it in
 * `<div data-island="…" data-props="…">` (`display: contents`, so the wrapper changes neither layout nor the
 * accessibility tree), and the page code hydrates each island as its own React root; the rest of the page stays
 * static HTML.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
