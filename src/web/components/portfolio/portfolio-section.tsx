import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { portfolioSection } from '../../../content/home';
import { portfolio, type PortfolioItem } from '../../../content/portfolio';
import { loadedOrLazy } from '../../ui/loaded-or-lazy';
import { SectionHeading } from '../../ui/section-heading';
import { loadWhenNear } from './load-when-near';
import { DemoDialogShell } from './demo-dialog-shell';
import { PortfolioCard } from './portfolio-card';

// The dialog (Radix + the player, 14.6 KB gzip) is never fetched with the page: it loads as the section nears the
// screen (decision 080), or on hover/focus/click. A tap does not wait for it: the shell (page code) opens at once
// and the dialog replaces it once its code is in and rendered (decision 100). Once loaded it renders without
// Suspense's hold-back (loadedOrLazy).
const { load: loadDemoDialog, Component: DemoDialog } = loadedOrLazy(() => import('./demo-dialog'));

/** The four portfolio cards; each opens the demo dialog for its item. */
export function PortfolioSection() {
  // `requested` follows the tap at once; `active` (the dialog proper) follows in a transition.
  const [requested, setRequested] = useState<PortfolioItem | null>(null);
  const [active, setActive] = useState<PortfolioItem | null>(null);
  const [opened, setOpened] = useState(0);
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const section = useRef<HTMLElement>(null);
  useEffect(() => loadWhenNear(section.current, loadDemoDialog), []);

  // The tap's own commit draws only the shell (a few elements, decision 100), so its frame shows the dialog at once.
  // The dialog proper (Radix, focus trap, scroll lock, the player: ~110 ms of a throttled phone's main thread, more
  // on a busy one) renders in a transition right after (decision 080), and replaces the shell in its commit.
  const open = (item: PortfolioItem) => {
    setRequested(item);
    startTransition(() => {
      setActive(item);
      setOpened((count) => count + 1);
    });
  };
  const close = () => {
    setRequested(null);
    startTransition(() => setActive(null));
  };
  const returnFocus = (slug: string) => cards.current.get(slug)?.focus();
  const shell = (item: PortfolioItem | null) =>
    item ? (
      <DemoDialogShell
        item={item}
        onClose={() => {
          close();
          returnFocus(item.slug);
        }}
      />
    ) : null;

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
      {requested !== active ? shell(requested) : null}
      {opened > 0 ? (
        // Still loading at the first open: the shell stays until the code is in.
        <Suspense fallback={shell(active)}>
          <DemoDialog item={active} openCount={opened} onClose={close} returnFocus={returnFocus} />
        </Suspense>
      ) : null}
    </section>
  );
}
