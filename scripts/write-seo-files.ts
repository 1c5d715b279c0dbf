/** Writes robots.txt and sitemap.xml into the built site from the route list. Run after the site build. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes, site } from '../src/content/site';

const outDir = process.argv[2] ?? 'dist/site';
const origin = (process.env.SITE_URL ?? site.defaultUrl).replace(/\/+$/, '');

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /functions/\n\nSitemap: ${origin}/sitemap.xml\n`);
const urls = routes
  .filter((r) => r.indexable && r.path)
  .map((r) => `  <url><loc>${origin}${r.path}</loc></url>`)
  .join('\n');
writeFileSync(
  join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
