import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, bootOptionsFrom } from './boot';

/** Stands in for the browser's PerformanceObserver; `paint()` reports first-contentful-paint. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: FakePaintObserver | undefined;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {}
  paint() {
    const entries = [{ name: 'first-contentful-paint', entryType: 'paint' }];
    this.callback(
      { getEntries: () => entries } as unknown as PerformanceObserverEntryList,
      this as unknown as PerformanceObserver,
    );
  }
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('boot', () => {
  beforeEach(() => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    document.body.innerHTML = '<div id="root"><button type="button" id="menu">메뉴</button></div>';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('loads nothing before first paint, then imports the entry and preloads the page code, one file per task', () => {
    vi.useFakeTimers();
    try {
      const importModule = vi.fn(() => new Promise<unknown>(() => {}));
      boot({ entry: '/assets/home.js', preload: ['/assets/a.js', '/assets/b.js'], importModule });
      expect(importModule).not.toHaveBeenCalled();
      expect(preloads()).toEqual([]);

      FakePaintObserver.current!.paint();
      expect(importModule).toHaveBeenCalledOnce();
      expect(importModule).toHaveBeenCalledWith('/assets/home.js');
      expect(preloads()).toEqual([]); // not in the paint callback's own task
      expect(vi.getTimerCount()).toBe(2); // one task per file (the paint fallback timer is cleared)
      vi.runAllTimers();
      expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a click that came before the code on to the button once the entry has loaded', async () => {
    let loaded!: () => void;
    const importModule = vi.fn(() => new Promise<unknown>((resolve) => (loaded = () => resolve({}))));
    boot({ entry: '/assets/home.js', preload: [], importModule });
    const button = document.getElementById('menu')!;
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early); // the pointerdown before it has started the loading in a browser
    expect(early.defaultPrevented).toBe(true);
    FakePaintObserver.current!.paint();

    const handled = vi.fn();
    button.addEventListener('click', handled);
    loaded();
    await vi.waitFor(() => expect(handled).toHaveBeenCalledOnce());
  });

  it('still hands the click on, and reports the error, when the page code fails to load', async () => {
    const error = new Error('offline');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    boot({ entry: '/assets/home.js', preload: [], importModule: () => Promise.reject(error) });
    const button = document.getElementById('menu')!;
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const handled = vi.fn();
    button.addEventListener('click', handled);
    FakePaintObserver.current!.paint();
    document.body.insertAdjacentHTML('beforeend', '<div data-render-later><p>과정</p></div>');
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith(error));
    expect(handled).toHaveBeenCalledOnce();
    expect(document.querySelectorAll('[data-render-later]')).toHaveLength(0); // nothing is left unrendered
    consoleError.mockRestore();
  });
});

describe('bootOptionsFrom', () => {
  it('reads the entry and the space-separated preloads of its script element', () => {
    const script = document.createElement('script');
    script.dataset.entry = '/assets/about.js';
    script.dataset.preload = '/assets/a.js  /assets/b.js';
    expect(bootOptionsFrom(script)).toEqual({ entry: '/assets/about.js', preload: ['/assets/a.js', '/assets/b.js'] });
    script.dataset.preload = '';
    expect(bootOptionsFrom(script)).toEqual({ entry: '/assets/about.js', preload: [] });
  });

  it('gives nothing without a script element or an entry', () => {
    expect(bootOptionsFrom(null)).toBeUndefined();
    expect(bootOptionsFrom(document.createElement('script'))).toBeUndefined();
  });
});
