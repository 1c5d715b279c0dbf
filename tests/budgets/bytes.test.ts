/** Byte budgets of the production build (dist/site): what a phone downloads before the first view is usable. */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/content/site';
import { STATUS_PAGE_CODE_FILE } from '../../src/domain/status-link';
import { budgets, KB } from './budgets';
import { gzipBytes, gzipTotal, kb, readPage, requireBuiltSite, siteDir } from './support/built-site';

beforeAll(requireBuiltSite);

const report = (label: string, bytes: number, budget: number, unit = 'gzip') =>
  console.log(`${label.padEnd(34)} ${kb(bytes).padStart(9)} ${unit}  (budget ${kb(budget)})`);

describe('initial JavaScript', () => {
  it.each(routes.map((r) => r.id))(
    '%s: the code the page loads (boot entry and preloads) stays within 85 KB gzip',
    (id) => {
      const { scripts } = readPage(id);
      const bytes = gzipTotal(scripts);
      report(`initial JS ${id} (${scripts.length} files)`, bytes, budgets.initialJsGzip);
      expect(bytes).toBeLessThanOrEqual(budgets.initialJsGzip);
    },
  );

  it.each(routes.map((r) => [r.id] as const))(
    '%s: nothing but the HTML before first paint: styles inline, code through one small inline boot script',
    (id) => {
      const { scripts, scriptsBeforePaint, boot, document, stylesheets, inlineCss } = readPage(id);
      expect(scriptsBeforePaint).toEqual([]);
      // The stylesheet travels inside the HTML (docs/decisions/067): no second request before the first paint.
      expect(stylesheets).toEqual([]);
      expect(inlineCss).toContain('word-break:keep-all');
      const inline = [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')];
      expect(inline).toEqual([boot]);
      const bootBytes = Buffer.byteLength(boot!.textContent ?? '');
      report(`boot script ${id} (inline)`, bootBytes, budgets.bootScript, 'raw');
      expect(bootBytes).toBeGreaterThan(300);
      expect(bootBytes).toBeLessThanOrEqual(budgets.bootScript);
      expect(boot!.parentElement?.tagName).toBe('BODY');
      expect(scripts.length).toBeGreaterThan(1);
    },
  );

  it('counts the page code, React and the islands included (the figures measure something real)', () => {
    const { scripts } = readPage('home');
    expect(scripts.some((file) => /\/client-[\w-]+\.js$/.test(file))).toBe(true);
    // React DOM alone is ~60 KB gzip: a figure below that would mean the page code was missed. What the browser
    // actually fetches without interaction is counted by lighthouse.test.ts.
    expect(gzipTotal(scripts)).toBeGreaterThan(60 * KB);
    // Validation (zod), the demo dialog and the voice memo recorder load on first use, not with the page.
    expect(scripts.some((file) => /\/(submission|demo-dialog|voice-memo-recorder)-/.test(file))).toBe(false);
    // The recorder's own code (asking for the microphone, recording) is in none of the page's initial files.
    for (const file of scripts) expect(readFileSync(file, 'utf8')).not.toMatch(/getUserMedia\(|new MediaRecorder/);
  });
});

describe("the founder's status page's own script (the answer's voice memo recorder)", () => {
  const code = () => {
    const file = join(siteDir, '..', STATUS_PAGE_CODE_FILE);
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { entry: string; preload: string[] };
    return [recorded.entry, ...recorded.preload].map((url) => join(siteDir, url));
  };

  it("stays within the public pages' 85 KB gzip, the recorder itself loading on first use", () => {
    const scripts = code();
    const bytes = gzipTotal(scripts);
    report(`initial JS status page (${scripts.length} files)`, bytes, budgets.initialJsGzip);
    // React DOM is in it: a figure below that would mean the wrong file was measured.
    expect(bytes).toBeGreaterThan(40 * KB);
    expect(bytes).toBeLessThanOrEqual(budgets.initialJsGzip);
    for (const file of scripts) expect(readFileSync(file, 'utf8')).not.toMatch(/getUserMedia\(|new MediaRecorder/);
  });

  it('is loaded by no public page', () => {
    const names = code().map((file) => basename(file));
    for (const route of routes) {
      const { html, scripts } = readPage(route.id);
      for (const name of names) {
        expect(html).not.toContain(name);
        expect(scripts.map((file) => basename(file))).not.toContain(name);
      }
    }
  });
});

describe.each(routes.map((r) => [r.id] as const))('%s page', (id) => {
  it('carries at most 15 KB gzip of CSS, inline and linked', () => {
    const { stylesheets, inlineCss } = readPage(id);
    const bytes = gzipTotal(stylesheets) + gzipBytes(inlineCss);
    report(`CSS ${id} (inline + ${stylesheets.length} files)`, bytes, budgets.cssGzip);
    // The site's Tailwind build is ~7 KB gzip: far less would mean the measurement missed it.
    expect(bytes).toBeGreaterThan(4 * KB);
    expect(bytes).toBeLessThanOrEqual(budgets.cssGzip);
  });

  it('ships at most 30 KB gzip of HTML', () => {
    const { html } = readPage(id);
    const bytes = gzipBytes(html);
    report(`HTML ${id}`, bytes, budgets.htmlGzip);
    expect(bytes).toBeLessThanOrEqual(budgets.htmlGzip);
  });

  it('references only files that exist in the build', () => {
    const { scripts, stylesheets } = readPage(id);
    for (const file of [...scripts, ...stylesheets]) expect(() => readFileSync(file)).not.toThrow();
  });
});
