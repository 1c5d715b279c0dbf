/**
 * Loads the site's Pretendard subset with the FontFace API and adds it to the document only once it has arrived
 * (docs/decisions/065): the text is laid out again once, in Pretendard, instead of twice (a stylesheet's
 * @font-face makes the browser lay the text out again when the face appears, still in the fallback font, and then
 * when the file arrives). Until then the metric-matched fallback faces of fonts.css stand in.
 */
import { siteFont } from 'virtual:pretendard-site-font';

export interface FontTarget {
  add(face: FontFace): unknown;
}

export async function loadSiteFont(
  fonts: FontTarget = document.fonts,
  Face: typeof FontFace = FontFace,
): Promise<FontFace> {
  const face = new Face(siteFont.family, `url(${JSON.stringify(siteFont.url)}) format('woff2')`, {
    weight: siteFont.weight,
    style: 'normal',
    display: 'swap',
  });
  await face.load();
  fonts.add(face);
  return face;
}
