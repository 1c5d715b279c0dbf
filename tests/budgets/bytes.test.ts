/** Byte budgets of the production build (dist/site): what a phone downloads before the first view is usable. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteId } from '../../src/content/site';
import { budgets } from './budgets';
import { gzipBytes, gzipTotal, kb, readPage, requireBuiltSite } from './support/built-site';

beforeAll(requireBuiltSite);

const report = (label: string, bytes: number, budget: number) =>
  console.log(`${label.padEnd(34)} ${kb(bytes).padStart(9)} gzip  (budget ${kb(budget)})`);

describe('initial JavaScript', () => {
  it.each<RouteId>(['home', 'about'])('%s: scripts and modulepreloads stay within 85 KB gzip', (id) => {
    const { scripts } = readPage(id);
    const bytes = gzipTotal(scripts);
    report(`initial JS ${id} (${scripts.length} files)`, bytes, budgets.initialJsGzip);
    expect(bytes).toBeLessThanOrEqual(budgets.initialJsGzip);
  });

  it('home loads its code through a module script (the figure above measures something real)', () => {
    const { scripts, document } = readPage('home');
    expect(document.querySelectorAll('script[type="module"][src]').length).toBeGreaterThan(0);
    expect(gzipTotal(scripts)).toBeGreaterThan(0);
  });
});

describe.each(routes.map((r) => [r.id] as const))('%s page', (id) => {
  it('links at most 15 KB gzip of CSS', () => {
    const { stylesheets } = readPage(id);
    const bytes = gzipTotal(stylesheets);
    report(`CSS ${id} (${stylesheets.length} files)`, bytes, budgets.cssGzip);
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
