/** robots.txt and sitemap.xml contents, built from the route list (written into dist/site by build/build-site.ts). */
import { routes } from '../../../content/site';
import { escapeHtml } from '../../../domain/escape-html';
import { TEAM_PATH } from '../../../domain/team-paths';
import { normalizeOrigin } from './head';

/** Crawlers we want explicitly: Naver (Yeti), Google, Kakao's link-preview scraper; then everyone else. */
export const welcomedCrawlers = ['Yeti', 'Googlebot', 'kakaotalk-scrap', '*'] as const;

/** Paths no crawler needs: the API, and the team's workspace (its pages are noindex too). */
export const disallowedPaths = ['/functions/', TEAM_PATH] as const;

export function robotsTxt(siteUrl: string): string {
  const groups = welcomedCrawlers.map((agent) =>
    [`User-agent: ${agent}`, 'Allow: /', ...disallowedPaths.map((p) => `Disallow: ${p}`)].join('\n'),
  );
  return `${groups.join('\n\n')}\n\nSitemap: ${normalizeOrigin(siteUrl)}/sitemap.xml\n`;
}

/** W3C date (YYYY-MM-DD) for <lastmod>, in UTC. */
export function w3cDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function sitemapXml(siteUrl: string, lastmod: Date): string {
  const origin = normalizeOrigin(siteUrl);
  const urls = routes
    .filter((r) => r.indexable && r.path !== null)
    .map(
      (r) =>
        `  <url>\n    <loc>${escapeHtml(origin + r.path)}</loc>\n    <lastmod>${w3cDate(lastmod)}</lastmod>\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
