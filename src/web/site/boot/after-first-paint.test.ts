import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, startEvents } from './after-first-paint';

/** A stand-in for the browser's PerformanceObserver that the test can make report paint entries. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static current: FakePaintObserver | undefined;
  observed: PerformanceObserverInit | undefined;
  disconnected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintObserver.current = this;
  }
  observe(init: PerformanceObserverInit) {
    this.observed = init;
  }
  disconnect() {
    this.disconnected = true;
  }
  report(...names: string[]) {
    const entries = names.map((name) => ({ name, entryType: 'paint' }));
    this.callback(
      { getEntries: () => entries } as unknown as PerformanceObserverEntryList,
      this as unknown as PerformanceObserver,
    );
  }
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.current = undefined;
    FakePaintObserver.supportedEntryTypes = ['paint'];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for first-contentful-paint (buffered), not for first-paint, and then starts once', () => {
    const start = vi.fn();
    afterFirstPaint(start);
    const observer = FakePaintObserver.current!;
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });
    expect(start).not.toHaveBeenCalled();

    observer.report('first-paint');
    expect(start).not.toHaveBeenCalled();
    observer.report('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);

    observer.report('first-contentful-paint');
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(startEvents)('starts at once on %s, before any paint report', (type) => {
    const start = vi.fn();
    afterFirstPaint(start);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    FakePaintObserver.current!.report('first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after the fallback delay when no paint is reported, and not before', () => {
    const start = vi.fn();
    afterFirstPaint(start, { fallbackMs: 800 });
    vi.advanceTimersByTime(799);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('falls back to the timer when the browser has no paint timing', () => {
    FakePaintObserver.supportedEntryTypes = ['navigation'];
    const start = vi.fn();
    afterFirstPaint(start, { fallbackMs: 300 });
    expect(FakePaintObserver.current).toBeUndefined();
    vi.advanceTimersByTime(300);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('removes its listeners once started', () => {
    const start = vi.fn();
    const removed = vi.spyOn(window, 'removeEventListener');
    afterFirstPaint(start);
    vi.advanceTimersByTime(1500);
    expect(start).toHaveBeenCalledTimes(1);
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual([...startEvents].sort());
  });
});
