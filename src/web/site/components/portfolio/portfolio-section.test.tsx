/**
 * The demo dialog's code loads as the portfolio nears the screen (decision 080), so a first tap on a card does not
 * wait for it on a slow phone; not with the page. Opening renders in a transition, after the tap's own frame.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type * as ReactModule from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolio } from '../../../../content/portfolio';
import { PortfolioSection } from './portfolio-section';

// Counts startTransition calls; React's own does the work.
const transitions = vi.hoisted(() => ({ started: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof ReactModule>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.started += 1;
      react.startTransition(scope);
    },
  };
});

const dialogModule = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('./demo-dialog', async (importOriginal) => {
  dialogModule.loaded();
  return importOriginal();
});

const observers: Array<{ callback: IntersectionObserverCallback; observed: Element[] }> = [];
class FakeObserver {
  record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, observed: [] };
    observers.push(this.record);
  }
  observe(element: Element) {
    this.record.observed.push(element);
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('portfolio section', () => {
  it('loads the demo dialog code when the section comes near the screen, not before', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<PortfolioSection />);
    const section = container.querySelector('#portfolio');
    const watcher = observers.find((observer) => observer.observed.includes(section as Element));
    expect(watcher).toBeDefined();
    expect(dialogModule.loaded).not.toHaveBeenCalled();
    watcher!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await vi.waitFor(() => expect(dialogModule.loaded).toHaveBeenCalledTimes(1));
  });

  it('opens and closes the dialog in a transition: not inside the tap, right after it', async () => {
    render(<PortfolioSection />);
    const card = screen.getByRole('button', { name: new RegExp(portfolio[0]!.title) });
    const before = transitions.started;
    fireEvent.click(card);
    expect(transitions.started).toBe(before + 1);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(transitions.started).toBe(before + 2);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
