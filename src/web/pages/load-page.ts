import { afterFirstPaint } from './after-first-paint';
import { holdEarlyClick } from './early-click';

/**
 * The whole job of a page entry (docs/decisions/007): the HTML and its stylesheet paint first; after first paint the
 * site font's stylesheet and the page module (which hydrates) load, and a click that came too early is handed on.
 */
export function loadPageAfterFirstPaint(loadFont: () => Promise<unknown>, loadPage: () => Promise<unknown>) {
  const release = holdEarlyClick();
  afterFirstPaint(() => {
    void loadFont();
    loadPage().then(release, (error: unknown) => {
      release();
      console.error(error);
    });
  });
}
