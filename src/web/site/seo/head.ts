/**
 * Per-route <head> tags for the prerendered HTML (crawlers and link previews run no JavaScript).
 * Called by the site build for every route; returns an HTML string to place inside <head>.
 */
import { developmentSiteSettings, routeById, site, type RouteId, type RouteMeta } from '../../../content/site';
import { escapeHtml } from '../../../domain/escape-html';
import { serializeJsonLd } from './escape';
import { faviconLinks, icons } from './icons';

/** Build-time options; by default read from the environment of the build (see `headOptionsFromEnv`). */
export interface HeadOptions {
  /** Value of `<meta name="naver-site-verification">` (Naver Search Advisor), home page only. */
  naverSiteVerification?: string | undefined;
  /** Value of `<meta name="google-site-verification">` (Google Search Console), home page only. */
  googleSiteVerification?: string | undefined;
  /** The operator's contact address, in the home page's JSON-LD (the build's site settings). */
  contactEmail?: string | undefined;
}

/** Reads NAVER_SITE_VERIFICATION and GOOGLE_SITE_VERIFICATION from the build's environment. */
export function headOptionsFromEnv(env: Record<string, string | undefined> = processEnv()): HeadOptions {
  return {
    naverSiteVerification: env.NAVER_SITE_VERIFICATION?.trim() || undefined,
    googleSiteVerification: env.GOOGLE_SITE_VERIFICATION?.trim() || undefined,
  };
}

function processEnv(): Record<string, string | undefined> {
  return typeof process === 'undefined' ? {} : process.env;
}

/** Public origin without a trailing slash, e.g. `https://example.com`. */
export function normalizeOrigin(siteUrl: string): string {
  return siteUrl.trim().replace(/\/+$/, '');
}

/** Absolute URL of a route (its canonical address), or null for routes without a path (404). */
export function canonicalUrl(route: RouteMeta, siteUrl: string): string | null {
  return route.path === null ? null : normalizeOrigin(siteUrl) + route.path;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;

/** JSON-LD describing the business, for the home page. */
export function businessJsonLd(
  siteUrl: string,
  contactEmail: string = developmentSiteSettings.operator.contactEmail,
): Record<string, unknown> {
  const origin = normalizeOrigin(siteUrl);
  const home = routeById('home');
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${origin}/#organization`,
    name: site.name,
    alternateName: site.brand,
    slogan: site.tagline,
    description: home.description,
    url: `${origin}/`,
    logo: `${origin}${icons.logo.path}`,
    image: `${origin}${site.ogImage.path}`,
    email: contactEmail,
    areaServed: { '@type': 'Country', name: 'KR' },
    availableLanguage: 'ko',
  };
}

export function renderHead(routeId: RouteId, siteUrl: string, options: HeadOptions = headOptionsFromEnv()): string {
  const route = routeById(routeId);
  const origin = normalizeOrigin(siteUrl);
  const canonical = canonicalUrl(route, siteUrl);
  const ogImageUrl = origin + site.ogImage.path;

  const tags = [`<title>${escapeHtml(route.title)}</title>`, meta('description', route.description)];
  if (canonical) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  if (!route.indexable) tags.push(meta('robots', 'noindex'));
  if (routeId === 'home') {
    if (options.naverSiteVerification) tags.push(meta('naver-site-verification', options.naverSiteVerification));
    if (options.googleSiteVerification) tags.push(meta('google-site-verification', options.googleSiteVerification));
  }

  tags.push(
    meta('theme-color', site.themeColor),
    ...faviconLinks(),
    property('og:type', 'website'),
    property('og:site_name', site.name),
    property('og:locale', site.locale),
    property('og:title', route.title),
    property('og:description', route.description),
  );
  if (canonical) tags.push(property('og:url', canonical));
  tags.push(
    property('og:image', ogImageUrl),
    property('og:image:type', 'image/png'),
    property('og:image:width', String(site.ogImage.width)),
    property('og:image:height', String(site.ogImage.height)),
    property('og:image:alt', site.ogImage.alt),
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', route.title),
    meta('twitter:description', route.description),
    meta('twitter:image', ogImageUrl),
    meta('twitter:image:alt', site.ogImage.alt),
  );
  if (routeId === 'home') {
    tags.push(
      `<script type="application/ld+json">${serializeJsonLd(businessJsonLd(siteUrl, options.contactEmail))}</script>`,
    );
  }
  return tags.join('\n    ');
}
