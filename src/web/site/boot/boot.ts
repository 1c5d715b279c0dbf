/**
 * The boot script: inlined into every prerendered page by build/build-site.ts (docs/decisions/060), so the
 * browser fetches nothing but the HTML (its styles inline, decision 067) before first paint. It holds a click that lands before
 * the page code, and after first paint (or the first interaction) modulepreloads the page's code files and imports
 * its entry; once that import settles (the page is live: its islands wait for the visitor) the held click is
 * handed on. Before any jump to a fragment it renders the sections marked to render later (docs/decisions/060).
 *
 * `<script data-entry="/assets/home-….js" data-preload="/assets/a.js /assets/b.js">`
 */
import { afterFirstPaint } from './after-first-paint';
import { holdEarlyClick } from './early-click';
import { renderAllBeforeAnchorJumps, renderAllNow } from './render-later';

export interface BootOptions {
  /** URL of the page entry module (imported once, after first paint). */
  entry: string;
  /** Module URLs the entry and its page module import, fetched in parallel with it. */
  preload: string[];
  importModule?: (url: string) => Promise<unknown>;
}

export function boot({ entry, preload, importModule = (url) => import(/* @vite-ignore */ url) }: BootOptions) {
  renderAllBeforeAnchorJumps();
  const release = holdEarlyClick();
  afterFirstPaint(() => {
    const loaded = importModule(entry);
    // One task per file: starting a fetch costs the main thread a few milliseconds, and ten of them in one task
    // made a long task right after first paint (docs/decisions/060).
    for (const href of preload) {
      setTimeout(() => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      });
    }
    loaded.then(release, (error: unknown) => {
      release();
      renderAllNow(); // the page code would have rendered them (docs/decisions/060)
      console.error(error);
    });
  });
}

/** Reads the options from the `<script>` element the boot code runs in. */
export function bootOptionsFrom(script: HTMLOrSVGScriptElement | null): BootOptions | undefined {
  if (!(script instanceof HTMLScriptElement) || !script.dataset.entry) return undefined;
  return { entry: script.dataset.entry, preload: (script.dataset.preload ?? '').split(' ').filter(Boolean) };
}
