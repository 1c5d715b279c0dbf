// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleBootScript, pageCode, type ViteManifest } from './boot-script';
import { bootScriptTag, readBootScript } from './boot-tag';

/** The shape of Vite's manifest: client entry → preload helper and React, lazy islands, lazy dialog. */
const manifest: ViteManifest = {
  'client.tsx': {
    file: 'assets/client-1.js',
    isEntry: true,
    imports: ['_preload.js', '_react.js'],
    dynamicImports: ['components/site-header.tsx', 'font.css'],
  },
  '_preload.js': { file: 'assets/preload-2.js' },
  '_react.js': { file: 'assets/react-3.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-4.js' },
  'components/site-header.tsx': {
    file: 'assets/site-header-5.js',
    imports: ['_react.js'],
    dynamicImports: ['dialog.tsx'],
  },
  'dialog.tsx': { file: 'assets/dialog-6.js', imports: ['_shared.js'] },
  'font.css': { file: 'assets/font-7.css' },
};

describe('pageCode', () => {
  it('lists the entry and everything it imports statically, but not what it loads on demand', () => {
    expect(pageCode(manifest, 'client.tsx')).toEqual({
      entry: '/assets/client-1.js',
      preload: ['/assets/preload-2.js', '/assets/react-3.js', '/assets/shared-4.js'],
    });
  });

  it('fails the build when the entry or an imported chunk is missing from the manifest', () => {
    expect(() => pageCode(manifest, 'main.tsx')).toThrow(/no entry for main.tsx/);
    const broken = { ...manifest, '_react.js': { file: 'assets/react-3.js', imports: ['_gone.js'] } };
    expect(() => pageCode(broken, 'client.tsx')).toThrow(/no chunk _gone.js/);
  });
});

describe('bundleBootScript', () => {
  it('bundles the boot code into one classic script without imports or exports', async () => {
    const code = await bundleBootScript();
    expect(code.length).toBeGreaterThan(300);
    expect(code.length).toBeLessThan(2048);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).toContain('modulepreload');
    expect(code).toContain('first-contentful-paint');
  }, 30_000);
});

describe('the boot tag', () => {
  it('reads back what the build writes', () => {
    const tag = bootScriptTag({ entry: '/assets/client-1.js', preload: ['/assets/a.js', '/assets/b"&<.js'] }, 'BOOT()');
    const html = `<html><head></head><body><div id="root"></div>${tag}</body></html>`;
    expect(readBootScript(html)).toEqual({
      entry: '/assets/client-1.js',
      preload: ['/assets/a.js', '/assets/b"&<.js'],
      code: 'BOOT()',
    });
    expect(readBootScript('<html><body></body></html>')).toBeUndefined();
  });

  it('refuses code that would end the script element early', () => {
    expect(() => bootScriptTag({ entry: '/a.js', preload: [] }, 'x("</script>")')).toThrow(/<\/script/);
  });
});
