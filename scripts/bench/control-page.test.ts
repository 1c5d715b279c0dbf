/**
 * The benchmark's control page (scripts/bench/control-page.ts, docs/decisions/064) is only a fair control while it
 * stays what its report says: one plain Korean HTML page with the home page's copy and nothing else to load or run,
 * several phone screens long like the site's pages (decision 067).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer } from './control-page';
import { faq, hero, processSteps, valuePanel } from '../../src/content/home';

describe('bench:web control page', () => {
  let control: Awaited<ReturnType<typeof startControlServer>>;
  beforeAll(async () => {
    control = await startControlServer(0);
  });
  afterAll(() => control.stop());

  it('is a plain Korean page with the home page copy: no script, no stylesheet, font or image to fetch', async () => {
    const response = await fetch(control.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain('word-break: keep-all');
    expect(html).toContain(hero.headline.join(' '));
    expect(html).toContain(hero.lead);
    for (const text of [valuePanel[0].description, processSteps[4]!.description, faq[0]!.answer])
      expect(html).toContain(text);
    // Several screens of Lighthouse's 412×823 phone: ~22 Korean characters a line at 16 px, and a dozen headings.
    expect(html.replace(/<[^>]+>/g, '').replace(/\s+/g, '').length).toBeGreaterThan(800);
    expect(html.match(/<h[23]>/g)?.length).toBeGreaterThanOrEqual(12);
    // Headings in order (Lighthouse's heading-order audit): h1, then h2s, no h3 before the first h2.
    const levels = [...html.matchAll(/<h([1-6])>/g)].map((match) => Number(match[1]));
    expect(levels[0]).toBe(1);
    expect(levels.every((level, i) => i === 0 || level <= levels[i - 1]! + 1)).toBe(true);
    expect(html).not.toMatch(/<script|<img|<link rel="stylesheet"|@font-face|url\(/);
    // The only link is the empty data: icon, which keeps the browser from requesting /favicon.ico.
    expect(html.match(/<link [^>]*>/g)).toEqual(['<link rel="icon" href="data:,">']);
  });

  it('answers anything else with 404', async () => {
    expect((await fetch(new URL('/favicon.ico', control.url))).status).toBe(404);
  });
});
