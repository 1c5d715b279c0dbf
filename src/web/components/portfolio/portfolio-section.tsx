import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { portfolioSection } from '../../../content/home';
import { portfolio, type PortfolioItem } from '../../../content/portfolio';
import { loadedOrLazy } from '../../ui/loaded-or-lazy';
import { SectionHeading } from '../../ui/section-heading';
import { loadWhenNear } from './load-when-near';
import { PortfolioCard } from './portfolio-card';

// The dialog (Radix + the player) is never fetched with the page: it loads as the section nears the screen (on a
// slow phone, fetching it at the first tap made the tap wait ~0.5 s, decision 080), or on hover/focus/click.
// Once loaded it renders in the tap's own commit (loadedOrLazy: no Suspense hold-back).
const { load: loadDemoDialog, Component: DemoDialog } = loadedOrLazy(() => import('./demo-dialog'));

/** The four portfolio cards; each opens the demo dialog for its item. */
export function PortfolioSection() {
  const [active, setActive] = useState<PortfolioItem | null>(null);
  const [opened, setOpened] = useState(0);
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const section = useRef<HTMLElement>(null);
  useEffect(() => loadWhenNear(section.current, loadDemoDialog), []);

  // Opening and closing render in a transition (decision 080): the tap's own frame paints at once and React
  // renders the dialog (Radix, focus trap, scroll lock: ~110 ms of a throttled phone's main thread) in slices
  // right after, instead of inside the tap's event handler, where it was the visit's longest interaction.
  const open = (item: PortfolioItem) =>
    startTransition(() => {
      setActive(item);
      setOpened((count) => count + 1);
    });
  const close = () => startTransition(() => setActive(null));

  return (
    <section ref={section} id="portfolio" aria-labelledby="portfolio-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="portfolio-title"
          eyebrow={portfolioSection.eyebrow}
          title={portfolioSection.title}
          subtitle={portfolioSection.subtitle}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {portfolio.map((item) => (
            <li key={item.slug}>
              <PortfolioCard
                ref={(node) => {
                  if (node) cards.current.set(item.slug, node);
                  else cards.current.delete(item.slug);
                }}
                item={item}
                onOpen={open}
                onIntent={() => void loadDemoDialog()}
              />
            </li>
          ))}
        </ul>
      </div>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <DemoDialog
            item={active}
            openCount={opened}
            onClose={close}
            returnFocus={(slug) => cards.current.get(slug)?.focus()}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
