/**
 * The demo dialog's code loads as the portfolio nears the screen (decision 080), so a first tap on a card does not
 * wait for it on a slow phone; not with the page.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortfolioSection } from './portfolio-section';

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
});
