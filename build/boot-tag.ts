/**
 * The inline boot script's tag (docs/decisions/060), written by the build and read back by the byte budgets and
 * the build's size report: `<script data-entry="/assets/home-….js" data-preload="/assets/a.js /assets/b.js">…</script>`.
 */
export interface PageCode {
  /** URL of the page's entry module. */
  entry: string;
  /** URLs of the modules importing the entry pulls in at once: its own imports and its page module's. */
  preload: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unescapeAttribute = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const BOOT_TAG = /<script data-entry="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>/;

export function bootScriptTag(code: PageCode, bootCode: string): string {
  if (/<\/script/i.test(bootCode)) throw new Error('boot script: the code contains "</script"');
  return `<script data-entry="${escapeAttribute(code.entry)}" data-preload="${escapeAttribute(code.preload.join(' '))}">${bootCode}</script>`;
}

/** The page's boot script: what it loads and its code, or undefined when the page has none. */
export function readBootScript(html: string): (PageCode & { code: string }) | undefined {
  const match = BOOT_TAG.exec(html);
  if (!match) return undefined;
  const [, entry = '', preload = '', code = ''] = match;
  return { entry: unescapeAttribute(entry), preload: unescapeAttribute(preload).split(' ').filter(Boolean), code };
}
