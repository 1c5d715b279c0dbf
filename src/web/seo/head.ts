/**
 * Per-route <head> tags for the prerendered HTML (crawlers and link previews run no JavaScript).
 * Called by the site build for every route; returns an HTML string to place inside <head>.
 */
import { routeById, site, type RouteId } from '../../content/site';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderHead(routeId: RouteId, siteUrl: string): string {
  const route = routeById(routeId);
  const origin = siteUrl.replace(/\/+$/, '');
  const tags = [
    `<title>${escapeHtml(route.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.description)}">`,
    `<meta name="theme-color" content="${site.themeColor}">`,
  ];
  if (route.path) tags.push(`<link rel="canonical" href="${escapeHtml(origin + route.path)}">`);
  if (!route.indexable) tags.push('<meta name="robots" content="noindex">');
  return tags.join('\n    ');
}
