import { describe, expect, it } from 'vitest';
import { developmentSiteSettings, routes, site } from '../../../content/site';
import { escapeHtml } from '../../../domain/escape-html';
import { serializeJsonLd } from './escape';
import { headOptionsFromEnv, renderHead } from './head';

const SITE_URL = 'https://mvp24.example.kr/';

/** Parses the head fragment the way a browser (or a scraper) would. */
function parseHead(html: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html lang="ko"><head>${html}</head><body></body></html>`,
    'text/html',
  );
}

const metaContent = (doc: Document, selector: string) => doc.head.querySelector(selector)?.getAttribute('content');

describe('renderHead', () => {
  it.each(routes.map((r) => [r.id, r] as const))(
    '%s: title, description and share tags come from the route',
    (id, route) => {
      const doc = parseHead(renderHead(id, SITE_URL, {}));
      expect(doc.title).toBe(route.title);
      expect(metaContent(doc, 'meta[name="description"]')).toBe(route.description);
      expect(metaContent(doc, 'meta[property="og:title"]')).toBe(route.title);
      expect(metaContent(doc, 'meta[property="og:description"]')).toBe(route.description);
      expect(metaContent(doc, 'meta[property="og:type"]')).toBe('website');
      expect(metaContent(doc, 'meta[property="og:site_name"]')).toBe(site.name);
      expect(metaContent(doc, 'meta[property="og:locale"]')).toBe('ko_KR');
      expect(metaContent(doc, 'meta[property="og:image"]')).toBe('https://mvp24.example.kr/og-image.png');
      expect(metaContent(doc, 'meta[property="og:image:width"]')).toBe('1200');
      expect(metaContent(doc, 'meta[property="og:image:height"]')).toBe('600');
      expect(metaContent(doc, 'meta[property="og:image:alt"]')).toBe(site.ogImage.alt);
      expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(metaContent(doc, 'meta[name="twitter:image"]')).toBe('https://mvp24.example.kr/og-image.png');
      expect(metaContent(doc, 'meta[name="theme-color"]')).toBe(site.themeColor);
      expect(doc.head.querySelectorAll('title')).toHaveLength(1);
    },
  );

  it('gives each page with a path an absolute canonical and og:url on SITE_URL', () => {
    for (const route of routes.filter((r) => r.path)) {
      const doc = parseHead(renderHead(route.id, SITE_URL, {}));
      const canonical = doc.head.querySelectorAll('link[rel="canonical"]');
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.getAttribute('href')).toBe(`https://mvp24.example.kr${route.path}`);
      expect(metaContent(doc, 'meta[property="og:url"]')).toBe(`https://mvp24.example.kr${route.path}`);
    }
  });

  it('marks only non-indexable routes noindex, and gives the 404 page no canonical', () => {
    const notFound = parseHead(renderHead('not-found', SITE_URL, {}));
    expect(metaContent(notFound, 'meta[name="robots"]')).toBe('noindex');
    expect(notFound.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(notFound.head.querySelector('meta[property="og:url"]')).toBeNull();
    for (const id of ['home', 'about', 'privacy'] as const) {
      expect(parseHead(renderHead(id, SITE_URL, {})).head.querySelector('meta[name="robots"]')).toBeNull();
    }
  });

  it('links the favicon set and the web app manifest, with no SVG favicon (docs/decisions/067)', () => {
    const doc = parseHead(renderHead('about', SITE_URL, {}));
    const hrefs = [...doc.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
    expect(doc.head.querySelector('link[rel="icon"][type="image/svg+xml"], link[href$=".svg"]')).toBeNull();
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'icon /favicon.ico',
        'apple-touch-icon /apple-touch-icon.png',
        'manifest /site.webmanifest',
      ]),
    );
  });

  it('adds site verification metas on the home page only when configured', () => {
    const options = { naverSiteVerification: 'naver-abc"<', googleSiteVerification: 'google-xyz' };
    const home = parseHead(renderHead('home', SITE_URL, options));
    expect(metaContent(home, 'meta[name="naver-site-verification"]')).toBe('naver-abc"<');
    expect(metaContent(home, 'meta[name="google-site-verification"]')).toBe('google-xyz');
    const about = parseHead(renderHead('about', SITE_URL, options));
    expect(about.head.querySelector('meta[name$="-site-verification"]')).toBeNull();
    const unconfigured = parseHead(renderHead('home', SITE_URL, {}));
    expect(unconfigured.head.querySelector('meta[name$="-site-verification"]')).toBeNull();
  });

  it('reads the verification codes from the build environment', () => {
    expect(headOptionsFromEnv({ NAVER_SITE_VERIFICATION: ' n1 ', GOOGLE_SITE_VERIFICATION: '' })).toEqual({
      naverSiteVerification: 'n1',
      googleSiteVerification: undefined,
    });
  });

  it('describes the business in JSON-LD on the home page only', () => {
    const home = parseHead(renderHead('home', SITE_URL, {}));
    const blocks = home.head.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]?.textContent ?? '');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: site.name,
      url: 'https://mvp24.example.kr/',
      logo: 'https://mvp24.example.kr/icon-512.png',
      email: developmentSiteSettings.operator.contactEmail,
      areaServed: { '@type': 'Country', name: 'KR' },
    });
    expect(data.description).toBe(routes.find((r) => r.id === 'home')?.description);
    for (const id of ['about', 'privacy', 'not-found'] as const) {
      expect(parseHead(renderHead(id, SITE_URL, {})).head.querySelector('script')).toBeNull();
    }
  });
});

describe('escaping', () => {
  it('escapes HTML so a value cannot leave its attribute', () => {
    const hostile = `"><script>alert('x')</script>&`;
    const doc = parseHead(`<meta name="description" content="${escapeHtml(hostile)}">`);
    expect(doc.head.querySelector('script')).toBeNull();
    expect(metaContent(doc, 'meta[name="description"]')).toBe(hostile);
  });

  it('writes JSON-LD that cannot close its script element and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028' };
    const json = serializeJsonLd(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    const doc = parseHead(`<script type="application/ld+json">${json}</script>`);
    expect(doc.head.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.head.querySelector('script')?.textContent ?? '')).toEqual(value);
  });

  it('normalises a SITE_URL with trailing slashes', () => {
    const doc = parseHead(renderHead('about', 'https://a.example//', {}));
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://a.example/about');
  });
});
