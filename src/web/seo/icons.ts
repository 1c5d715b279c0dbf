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

/** The brand mark: a white lightning bolt (speed: 24 hours) on the accent colour, drawn on a 64×64 grid. */
const boltPath = 'M37 6 15 36h15l-3 22 22-32H34l3-20z';

/**
 * The mark as SVG. `rounded` draws the tile with rounded corners (favicon.svg, favicon.ico); the full-bleed variant
 * fills the square so platforms can apply their own mask (apple-touch-icon, maskable PWA icons) — the bolt stays
 * inside the central 80% safe zone.
 */
export function markSvg({ rounded }: { rounded: boolean }): string {
  const tile = rounded
    ? `<rect width="64" height="64" rx="14" fill="${site.themeColor}"/>`
    : `<rect width="64" height="64" fill="${site.themeColor}"/>`;
  const bolt = rounded
    ? `<path d="${boltPath}" fill="#fff"/>`
    : `<path d="${boltPath}" fill="#fff" transform="translate(32 32) scale(.78) translate(-32 -32)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}${bolt}</svg>\n`;
}

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
