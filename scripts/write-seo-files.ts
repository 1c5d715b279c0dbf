/** Writes robots.txt and sitemap.xml into the built site from the route list. Run after the site build. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { site } from '../src/content/site';
import { robotsTxt, sitemapXml } from '../src/web/seo/crawl-files';

const outDir = process.argv[2] ?? 'dist/site';
const siteUrl = process.env.SITE_URL ?? site.defaultUrl;
const buildDate = new Date();

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'robots.txt'), robotsTxt(siteUrl));
writeFileSync(join(outDir, 'sitemap.xml'), sitemapXml(siteUrl, buildDate));
console.log(`robots.txt and sitemap.xml written to ${outDir} for ${siteUrl}`);
