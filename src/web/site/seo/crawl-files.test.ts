import { describe, expect, it } from 'vitest';
import { routes } from '../../../content/site';
import { robotsTxt, sitemapXml } from './crawl-files';

/** Minimal robots.txt reading, per RFC 9309: the group whose User-agent matches, else the `*` group. */
function rulesFor(robots: string, agent: string): string[] {
  const groups = robots.split(/\n\s*\n/).map((g) => g.split('\n'));
  const match =
    groups.find((g) => g.some((l) => l.toLowerCase() === `user-agent: ${agent.toLowerCase()}`)) ??
    groups.find((g) => g.includes('User-agent: *'));
  return match?.filter((l) => !l.startsWith('User-agent')) ?? [];
}

describe('robots.txt', () => {
  const robots = robotsTxt('https://mvp24.example.kr/');

  it.each(['Yeti', 'Googlebot', 'kakaotalk-scrap', 'SomeOtherBot'])(
    'lets %s crawl the site but not the API or the workspace',
    (agent) => {
      expect(rulesFor(robots, agent)).toEqual(['Allow: /', 'Disallow: /functions/', 'Disallow: /team']);
    },
  );

  it('points to the sitemap on SITE_URL', () => {
    expect(robots).toMatch(/^Sitemap: https:\/\/mvp24\.example\.kr\/sitemap\.xml$/m);
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml('https://mvp24.example.kr', new Date('2026-11-22T01:00:00Z'));
  const doc = new DOMParser().parseFromString(xml, 'application/xml');

  it('is well-formed XML in the sitemap namespace', () => {
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists every indexable route with the build date, and nothing else', () => {
    const entries = [...doc.getElementsByTagName('url')].map((u) => ({
      loc: u.getElementsByTagName('loc')[0]?.textContent,
      lastmod: u.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    const expected = routes.filter((r) => r.indexable && r.path).map((r) => `https://mvp24.example.kr${r.path}`);
    expect(entries.map((e) => e.loc)).toEqual(expected);
    expect(expected).toContain('https://mvp24.example.kr/about');
    expect(entries.every((e) => e.lastmod === '2026-11-22')).toBe(true);
  });
});
