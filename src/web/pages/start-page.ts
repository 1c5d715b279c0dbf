import { loadSiteFont } from './load-site-font';
import { renderDeferredSections } from './render-later';

/**
 * What every page entry does once the boot script has imported it (after first paint, docs/decisions/008): starts
 * loading the site font (035), makes the page live through its mount module (037), and resolves then, so the
 * boot script hands a held click on. Once the font is in use too, the sections marked to render later are laid
 * out, one per frame (038), so each is laid out once, in Pretendard.
 */
export async function startPage(mountPage: () => Promise<unknown>) {
  const fontSettled = loadSiteFont().then(() => undefined, console.error);
  await mountPage();
  void fontSettled.then(() => renderDeferredSections());
}
