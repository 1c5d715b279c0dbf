import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDER_LATER, renderAllBeforeAnchorJumps, renderDeferredSections } from './render-later';

const PAGE = `
  <section id="hero"><a id="to-form" href="#idea-form">신청하기</a><a id="to-about" href="/about#team">팀</a></section>
  <div ${RENDER_LATER}><section id="process"></section></div>
  <div ${RENDER_LATER}><section id="portfolio"></section></div>
  <div ${RENDER_LATER}><section id="idea-form"></section></div>`;

const stillDeferred = () =>
  [...document.querySelectorAll(`[${RENDER_LATER}]`)].map((element) => element.firstElementChild!.id);

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('renderDeferredSections', () => {
  it('renders the deferred sections in document order, one per frame', async () => {
    document.body.innerHTML = PAGE;
    const frames: string[][] = [];
    const recordFrames = () => {
      frames.push(stillDeferred());
      if (frames.length < 6) requestAnimationFrame(recordFrames);
    };
    requestAnimationFrame(recordFrames);
    const done = renderDeferredSections();
    expect(stillDeferred()).toEqual(['process', 'portfolio', 'idea-form']); // nothing in the caller's task
    await done;
    // What each frame saw: never two sections rendered between two frames.
    const counts = frames.map((deferredAtFrame) => deferredAtFrame.length);
    counts.slice(1).forEach((count, i) => expect(counts[i]! - count).toBeLessThanOrEqual(1));
    expect(counts.slice(0, 3)).toEqual([3, 2, 1]);
    expect(stillDeferred()).toEqual([]);
  });
});

describe('renderAllBeforeAnchorJumps', () => {
  it('renders everything at once when the page is opened with a fragment', () => {
    window.history.replaceState(null, '', '/#idea-form');
    document.body.innerHTML = PAGE;
    renderAllBeforeAnchorJumps();
    expect(stillDeferred()).toEqual([]);
  });

  it('renders everything at once when the page is opened by Back or Forward, or its hash changes', () => {
    document.body.innerHTML = PAGE;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'back_forward' } as PerformanceNavigationTiming,
    ]);
    renderAllBeforeAnchorJumps();
    expect(stillDeferred()).toEqual([]); // the restored scroll position needs the real heights
    vi.restoreAllMocks();

    document.body.innerHTML = PAGE;
    renderAllBeforeAnchorJumps();
    expect(stillDeferred()).toHaveLength(3);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(stillDeferred()).toEqual([]);
  });

  it('renders everything before the jump of a link to a fragment of this page, not for other pages', () => {
    document.body.innerHTML = PAGE;
    renderAllBeforeAnchorJumps();
    expect(stillDeferred()).toHaveLength(3);

    const toAbout = document.getElementById('to-about')!;
    toAbout.addEventListener('click', (event) => event.preventDefault());
    toAbout.click();
    expect(stillDeferred()).toHaveLength(3);

    let deferredAtClick: string[] | undefined;
    const toForm = document.getElementById('to-form')!;
    toForm.addEventListener('click', (event) => {
      deferredAtClick = stillDeferred(); // what the browser's jump will see, right after the handlers
      event.preventDefault();
    });
    toForm.click();
    expect(deferredAtClick).toEqual([]);
  });
});
