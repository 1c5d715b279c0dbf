/**
 * The favicon set: one list read by the <head> tags, the web app manifest and the generator script
 * (scripts/generate-og-image.ts), so the files in public/ and the links to them cannot drift apart.
 */
import { site } from '../../../content/site';

/*
 * No SVG favicon: Chromium draws one by building a separate SVG document on the page's main thread while the page
 * loads (in the Lighthouse trace read for docs/decisions/067, a 41 ms task whose first 19 ms were that document's
 * commit, style and layout); the ICO's bitmaps need no document.
 */
export const icons = {
  ico: { path: '/favicon.ico', sizes: [16, 32, 48] },
  appleTouch: { path: '/apple-touch-icon.png', size: 180 },
  pwa192: { path: '/icon-192.png', size: 192 },
  pwa512: { path: '/icon-512.png', size: 512 },
  /** The square mark used as the business logo in JSON-LD. */
  logo: { path: '/icon-512.png', size: 512 },
} as const;

export const manifestPath = '/site.webmanifest';

/**
 * The brand mark, as in the site header: "24" in white on the accent colour. The digits are Pretendard Bold's own
 * outlines (font units, 2048/em, y up; taken once from Pretendard-Bold.otf with harfbuzz's glyph-to-path), so the
 * icon renders the same on every machine without a font.
 */
const digitsPath =
  'M114 0L1150 0L1150 248L532 248L532 256L752 470C1050 740 1130 876 1130 1040C1130 1292 924 1468 614 1468' +
  'C308 1468 98 1288 100 1004L386 1004C386 1142 474 1228 610 1228C742 1228 840 1148 840 1020C840 906 768 826 632 696' +
  'L112 218L114 0ZM1309 256L2013 256L2013 0L2299 0L2299 256L2483 256L2483 498L2299 498L2299 1448L1921 1448L1309 494' +
  'L1309 256ZM1613 498L1613 510L2003 1118L2017 1118L2017 498L1613 498Z';
/** Ink box of the digits in font units: x 98–2483, y 0–1468. */
const digitsBox = { minX: 98, maxX: 2483, minY: 0, maxY: 1468 };

/** Transform placing the digits centred in the 64×64 tile, `width` units wide. */
function digitsTransform(width: number): string {
  const scale = width / (digitsBox.maxX - digitsBox.minX);
  const tx = 32 - ((digitsBox.minX + digitsBox.maxX) / 2) * scale;
  const ty = 32 + ((digitsBox.minY + digitsBox.maxY) / 2) * scale;
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return `translate(${round(tx)} ${round(ty)}) scale(${round(scale)} ${round(-scale)})`;
}

/**
 * The mark as SVG. `rounded` draws the tile with rounded corners (favicon.ico, the share image); the
 * full-bleed variant fills the square so platforms apply their own mask (apple-touch-icon, maskable PWA icons); the
 * digits stay inside the central 80% safe zone either way.
 */
export function markSvg({ rounded }: { rounded: boolean }): string {
  const tile = rounded
    ? `<rect width="64" height="64" rx="14" fill="${site.themeColor}"/>`
    : `<rect width="64" height="64" fill="${site.themeColor}"/>`;
  const digits = `<path d="${digitsPath}" fill="#fff" transform="${digitsTransform(rounded ? 42 : 38)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}${digits}</svg>\n`;
}

/** <link> tags for the favicon set and the manifest. */
export function faviconLinks(): string[] {
  return [
    `<link rel="icon" href="${icons.ico.path}" sizes="32x32">`,
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
      {
        src: icons.pwa512.path,
        sizes: `${icons.pwa512.size}x${icons.pwa512.size}`,
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}
