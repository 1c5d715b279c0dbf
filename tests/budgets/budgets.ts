/** The budgets from issue 4, in bytes (1 KB = 1024 bytes, as Lighthouse reports KiB). */
export const KB = 1024;

export const budgets = {
  /** JavaScript a page loads without interaction (boot entry + preloads, or <script src> + modulepreload), gzip -9. */
  initialJsGzip: 85 * KB,
  /** The inline boot script in every page's HTML, raw bytes (it is part of every HTML document). */
  bootScript: 2 * KB,
  /** A page's CSS, gzip -9: its inline `<style>` (docs/decisions/067) and any linked stylesheet. */
  cssGzip: 15 * KB,
  /** The prerendered HTML document itself, gzip -9. */
  htmlGzip: 30 * KB,
  /**
   * TCP's first congestion window (10 segments of 1460 B, as Lighthouse's simulator models it): a page's response as
   * the server sends it, its headers and its Brotli body measured together (cache-headers.test.ts), fits in it, so the
   * document with its inline stylesheet arrives in one round trip (docs/decisions/067; past it, one more).
   */
  firstWindow: 10 * 1460,
  /** Everything the first view transfers (Lighthouse total-byte-weight), fonts and images included. */
  firstViewTransfer: 400 * KB,
} as const;

/** Lighthouse categories that must score 100 on every public page; they do not depend on machine speed. */
export const perfectCategories = ['accessibility', 'best-practices', 'seo'] as const;

/** Ports given to this part: budget tests 4175, the web benchmark 4176 and its control page 4177. */
export const ports = { budgets: 4175, bench: 4176, benchControl: 4177 } as const;
