import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSiteFont } from './load-site-font';
import { FONT_WAIT_MS, startPage } from './start-page';

// The font itself is covered by load-site-font.test.ts and the browser tests; here only its timing matters.
vi.mock('./load-site-font', () => ({ loadSiteFont: vi.fn() }));

const deferred = () => document.querySelectorAll('[data-render-later]').length;

/** Every promise reaction queued so far, and those they queue, run (a macrotask comes after all of them). */
const flushed = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startPage', () => {
  it('settles once the page is mounted, and renders the deferred sections only once the font is in use', async () => {
    document.body.innerHTML = '<div data-render-later><p>과정</p></div><div data-render-later><p>FAQ</p></div>';
    let fontIn!: () => void;
    vi.mocked(loadSiteFont).mockReturnValue(new Promise((resolve) => (fontIn = () => resolve({} as FontFace))));
    let mounted!: () => void;
    const started = startPage(() => new Promise<void>((resolve) => (mounted = resolve)));

    const settled = vi.fn();
    void started.then(settled);
    await flushed();
    expect(settled).not.toHaveBeenCalled(); // the boot script holds clicks until the islands are live
    mounted();
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
    await flushed();
    expect(deferred()).toBe(2); // page live, font still loading

    fontIn();
    await vi.waitFor(() => expect(deferred()).toBe(0));
  });

  it('renders the deferred sections without the font when it stalls, after FONT_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<div data-render-later><p>과정</p></div>';
      vi.mocked(loadSiteFont).mockReturnValue(new Promise(() => {}));
      await startPage(() => Promise.resolve());
      await vi.advanceTimersByTimeAsync(FONT_WAIT_MS - 100);
      expect(deferred()).toBe(1);
      await vi.advanceTimersByTimeAsync(200);
      await vi.runAllTimersAsync(); // the frame the section renders in
      expect(deferred()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders the deferred sections with the fallback fonts when the site font fails, and reports it', async () => {
    document.body.innerHTML = '<div data-render-later><p>과정</p></div>';
    const error = new Error('font blocked');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadSiteFont).mockRejectedValue(error);
    await startPage(() => Promise.resolve());
    await vi.waitFor(() => expect(deferred()).toBe(0));
    expect(consoleError).toHaveBeenCalledWith(error);
  });
});
