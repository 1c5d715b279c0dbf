/** What crawlers and link previews get from the production build: head tags in the static HTML, crawl files, images. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, site } from '../../src/content/site';
import { fileForUrl, readPage, requireBuiltSite, siteDir } from './support/built-site';

beforeAll(requireBuiltSite);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const content = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;

describe.each(routes.map((r) => [r.id, r] as const))('built %s page', (id, route) => {
  it('carries its head tags in the static HTML (no JavaScript needed)', () => {
    const { document } = readPage(id);
    expect(document.documentElement.lang).toBe('ko');
    expect(document.querySelector('meta[charset]')?.getAttribute('charset')?.toLowerCase()).toBe('utf-8');
    expect(content(document, 'meta[name="viewport"]')).toContain('width=device-width');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe(route.title);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(content(document, 'meta[name="description"]')).toBe(route.description);
    expect(content(document, 'meta[property="og:title"]')).toBe(route.title);
    expect(content(document, 'meta[property="og:image"]')).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
    expect(content(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    const canonical = document.querySelectorAll('link[rel="canonical"]');
    if (route.path) {
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.getAttribute('href')).toMatch(
        new RegExp(`^https?://[^/]+${route.path.replace(/\//g, '\\/')}$`),
      );
    } else {
      expect(canonical).toHaveLength(0);
    }
    expect(document.querySelector('meta[name="robots"][content~="noindex"]') !== null).toBe(!route.indexable);
  });

  it('links icons and a manifest that exist in the build', () => {
    const { document } = readPage(id);
    const hrefs = [
      ...document.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]'),
    ].map((l) => l.getAttribute('href') ?? '');
    // favicon.ico, apple-touch-icon.png, the manifest (no SVG favicon: docs/decisions/067)
    expect(hrefs).toHaveLength(3);
    for (const href of hrefs) expect(existsSync(fileForUrl(href, route.file)), href).toBe(true);
  });
});

describe('share image and icons', () => {
  it('has a 1200×600 OG image', () => {
    expect(pngSize(join(siteDir, site.ogImage.path))).toEqual({ width: 1200, height: 600 });
  });

  it('has a manifest whose icons exist at their declared sizes', () => {
    const manifest = JSON.parse(readFileSync(join(siteDir, 'site.webmanifest'), 'utf8')) as {
      name: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.name).toBe(site.name);
    expect(manifest.theme_color).toBe(site.themeColor);
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      const { width, height } = pngSize(join(siteDir, icon.src));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(pngSize(join(siteDir, 'apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
  });
});

describe('crawl files', () => {
  it('lists exactly the canonical URLs of the indexable pages in sitemap.xml', () => {
    const sitemap = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const canonicals = routes
      .filter((r) => r.indexable)
      .map((r) => readPage(r.id).document.querySelector('link[rel="canonical"]')?.getAttribute('href'));
    expect(locs).toEqual(canonicals);
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('keeps crawlers out of the API and points them to the sitemap', () => {
    const robots = readFileSync(join(siteDir, 'robots.txt'), 'utf8');
    for (const agent of ['Yeti', 'Googlebot', 'kakaotalk-scrap', '*']) expect(robots).toContain(`User-agent: ${agent}`);
    expect(robots).toContain('Disallow: /functions/');
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});
