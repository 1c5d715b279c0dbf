import { startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { portfolioSection } from '../../../../content/home';
import { portfolio, type PortfolioItem } from '../../../../content/portfolio';
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

/** Draws the shell for the item a tap asked for until the dialog proper (`active`) shows that item. */
function ShellHost({
  active,
  connect,
  shell,
}: {
  active: PortfolioItem | null;
  connect: (set: (item: PortfolioItem | null) => void) => void;
  shell: (item: PortfolioItem | null) => ReactNode;
}) {
  const [requested, setRequested] = useState<PortfolioItem | null>(null);
  useLayoutEffect(() => connect(setRequested), [connect]);
  return requested !== active ? shell(requested) : null;
}

/** The four portfolio cards; each opens the demo dialog for its item. */
export function PortfolioSection() {
  // The shell follows the tap at once, in its own small component (`ShellHost`: the tap's commit renders nothing
  // else); `active` (the dialog proper) follows in a transition.
  const setRequested = useRef<(item: PortfolioItem | null) => void>(() => undefined);
  const [active, setActive] = useState<PortfolioItem | null>(null);
  const [opened, setOpened] = useState(0);
  const cards = useRef(new Map<string, HTMLButtonElement>());
  const section = useRef<HTMLElement>(null);
  useEffect(() => loadWhenNear(section.current, loadDemoDialog), []);

  // The tap's own commit draws only the shell (a few elements, decision 100), so its frame shows the dialog at once.
  // The dialog proper (Radix, focus trap, scroll lock, the player: ~110 ms of a throttled phone's main thread, more
  // on a busy one) renders in a transition right after (decision 080), and replaces the shell in its commit.
  const open = (item: PortfolioItem) => {
    setRequested.current(item);
    startTransition(() => {
      setActive(item);
      setOpened((count) => count + 1);
    });
  };
  const close = () => {
    setRequested.current(null);
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
      <ShellHost active={active} connect={(set) => (setRequested.current = set)} shell={shell} />
      {opened > 0 ? (
        // Still loading at the first open: the shell stays until the code is in.
        <Suspense fallback={shell(active)}>
          <DemoDialog item={active} openCount={opened} onClose={close} returnFocus={returnFocus} />
        </Suspense>
      ) : null}
    </section>
  );
}
