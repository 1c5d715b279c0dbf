import { describe, expect, it, vi } from 'vitest';
import { loadWhenNear } from './load-when-near';

/** A stand-in IntersectionObserver the test drives by hand. */
function fakeObserver() {
  const instances: Array<{
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    observed: Element[];
    disconnected: boolean;
  }> = [];
  class FakeObserver {
    record: (typeof instances)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, observed: [], disconnected: false };
      instances.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const report = (isIntersecting: boolean) => {
    const record = instances[0]!;
    record.callback([{ isIntersecting } as IntersectionObserverEntry], record as unknown as IntersectionObserver);
  };
  return {
    target: { IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver },
    instances,
    report,
  };
}

describe('loadWhenNear', () => {
  it('loads once the element comes near the screen, once, and then stops watching', () => {
    const { target, instances, report } = fakeObserver();
    const element = document.createElement('section');
    const load = vi.fn();
    loadWhenNear(element, load, { target });
    expect(instances[0]!.observed).toEqual([element]);
    expect(instances[0]!.options?.rootMargin).toBe('0px 0px 50% 0px');
    report(false); // the observer's first report: still far below
    expect(load).not.toHaveBeenCalled();
    report(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(instances[0]!.disconnected).toBe(true);
  });

  it('stops watching when asked, and does nothing without an element or IntersectionObserver', () => {
    const { target, instances } = fakeObserver();
    const stop = loadWhenNear(document.createElement('section'), vi.fn(), { target });
    stop();
    expect(instances[0]!.disconnected).toBe(true);
    const load = vi.fn();
    expect(() => loadWhenNear(null, load, { target })()).not.toThrow();
    expect(() => loadWhenNear(document.createElement('div'), load, { target: {} })()).not.toThrow();
    expect(load).not.toHaveBeenCalled();
  });
});
