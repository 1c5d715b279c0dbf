import { describe, expect, it, vi } from 'vitest';
import { siteFont } from 'virtual:pretendard-site-font';
import { loadSiteFont } from './load-site-font';

/** Records what the page asks of the browser's FontFace; `arrive`/`fail` settle the download. */
function fakeFontFace() {
  const created: {
    family: string;
    source: string;
    descriptors: FontFaceDescriptors;
    settle?: (ok: boolean) => void;
  }[] = [];
  class Face {
    constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
      created.push({ family, source, descriptors });
    }
    load() {
      return new Promise<this>((resolve, reject) => {
        created.at(-1)!.settle = (ok) => (ok ? resolve(this) : reject(new Error('network')));
      });
    }
  }
  return { Face: Face as unknown as typeof FontFace, created };
}

describe('loadSiteFont', () => {
  it('adds the Pretendard subset to the document only after it has downloaded', async () => {
    const { Face, created } = fakeFontFace();
    const fonts = { add: vi.fn() };
    const loading = loadSiteFont(fonts, Face);
    expect(created).toHaveLength(1);
    expect(created[0]!.family).toBe('Pretendard Variable');
    expect(created[0]!.source).toBe(`url(${JSON.stringify(siteFont.url)}) format('woff2')`);
    expect(created[0]!.descriptors).toEqual({ weight: '400 800', style: 'normal', display: 'swap' });
    expect(siteFont.url).toMatch(/PretendardSite-[0-9a-f]{12}\.woff2/);
    await Promise.resolve();
    expect(fonts.add).not.toHaveBeenCalled();

    created[0]!.settle!(true);
    const face = await loading;
    expect(fonts.add).toHaveBeenCalledExactlyOnceWith(face);
  });

  it('leaves the fallback fonts in place when the download fails', async () => {
    const { Face, created } = fakeFontFace();
    const fonts = { add: vi.fn() };
    const loading = loadSiteFont(fonts, Face);
    created[0]!.settle!(false);
    await expect(loading).rejects.toThrow('network');
    expect(fonts.add).not.toHaveBeenCalled();
  });
});
