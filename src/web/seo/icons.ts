/**
 * The favicon set: one list read by the <head> tags, the web app manifest and the generator script
 * (scripts/generate-og-image.ts), so the files in public/ and the links to them cannot drift apart.
 */
import { site } from '../../content/site';

export const icons = {
  svg: { path: '/favicon.svg', type: 'image/svg+xml' },
  ico: { path: '/favicon.ico', sizes: [16, 32, 48] },
  appleTouch: { path: '/apple-touch-icon.png', size: 180 },
  pwa192: { path: '/icon-192.png', size: 192 },
  pwa512: { path: '/icon-512.png', size: 512 },
  /** The square mark used as the business logo in JSON-LD. */
  logo: { path: '/icon-512.png', size: 512 },
} as const;

export const manifestPath = '/site.webmanifest';

/** <link> tags for the favicon set and the manifest. */
export function faviconLinks(): string[] {
  return [
    `<link rel="icon" href="${icons.ico.path}" sizes="32x32">`,
    `<link rel="icon" href="${icons.svg.path}" type="${icons.svg.type}">`,
    `<link rel="apple-touch-icon" href="${icons.appleTouch.path}">`,
    `<link rel="manifest" href="${manifestPath}">`,
  ];
}

/** The web app manifest (public/site.webmanifest). */
export function webManifest() {
  return {
    name: site.name,
    short_name: site.brand,
    description: site.tagline,
    lang: 'ko',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: site.themeColor,
    icons: [
      { src: icons.pwa192.path, sizes: `${icons.pwa192.size}x${icons.pwa192.size}`, type: 'image/png' },
      { src: icons.pwa512.path, sizes: `${icons.pwa512.size}x${icons.pwa512.size}`, type: 'image/png' },
      { src: icons.pwa512.path, sizes: `${icons.pwa512.size}x${icons.pwa512.size}`, type: 'image/png', purpose: 'maskable' },
    ],
  };
}
