import { loadSiteFont } from './load-site-font';
import { renderDeferredSections } from './render-later';

/** How long the deferred sections wait for the site font before they render in the fallback font. */
export const FONT_WAIT_MS = 3000;

/**
 * What the page code does once the boot script has imported it (after first paint, docs/decisions/060): starts
 * loading the site font (065), starts hydrating the page's islands, and resolves then, so the boot script hands a
 * held tap on. Once the font is in use too (or after FONT_WAIT_MS, if it stalls), the sections marked to render
 * later are laid out, one per frame, so each is laid out once, in Pretendard.
 */
export async function startPage(hydrate: () => Promise<unknown>) {
  const fontSettled = loadSiteFont().then(() => undefined, console.error);
  await hydrate();
  const fontWait = new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS));
  void Promise.race([fontSettled, fontWait]).then(() => renderDeferredSections());
}
