// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleBootScript, inlineBootScript, pageCode, type ViteManifest } from './boot-script';
import { bootScriptTag, readBootScript } from './boot-tag';

/** The shape of Vite's manifest for one page: entry → preload helper, page module → shell → shared, lazy dialog. */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/home-1.js', isEntry: true, imports: ['_preload.js'], dynamicImports: ['../pages/home-mount.tsx', 'font.css'] },
  '_preload.js': { file: 'assets/preload-2.js' },
  '../pages/home-mount.tsx': { file: 'assets/home-mount-3.js', imports: ['_shell.js', '_preload.js'], dynamicImports: ['dialog.tsx'] },
  '_shell.js': { file: 'assets/shell-4.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-5.js' },
  'dialog.tsx': { file: 'assets/dialog-6.js', imports: ['_shell.js'] },
  'font.css': { file: 'assets/font-7.css' },
};

describe('pageCode', () => {
  it('lists the entry and everything it loads at once, but not what loads on interaction', () => {
    expect(pageCode(manifest, 'index.html')).toEqual({
      entry: '/assets/home-1.js',
      preload: ['/assets/preload-2.js', '/assets/home-mount-3.js', '/assets/shell-4.js', '/assets/shared-5.js'],
    });
  });

  it('fails the build when the page or an imported chunk is missing from the manifest', () => {
    expect(() => pageCode(manifest, 'about/index.html')).toThrow(/no entry for about\/index.html/);
    const broken = { ...manifest, '_shell.js': { file: 'assets/shell-4.js', imports: ['_gone.js'] } };
    expect(() => pageCode(broken, 'index.html')).toThrow(/no chunk _gone.js/);
  });
});

describe('inlineBootScript', () => {
  const built = [
    '<!doctype html><html lang="ko"><head>',
    '<script type="module" crossorigin src="/assets/home-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/preload-2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/app.css">',
    '<script type="application/ld+json">{}</script>',
    '</head><body><div id="root"><h1>안녕하세요</h1></div></body></html>',
  ].join('\n');
  const code = { entry: '/assets/home-1.js', preload: ['/assets/preload-2.js', '/assets/home-mount-3.js'] };

  it('replaces the module script and modulepreloads with one inline script at the end of <body>', () => {
    const html = inlineBootScript(built, code, 'BOOT()');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(html).toContain('<script type="application/ld+json">{}</script>');
    expect(html).toContain(
      '<h1>안녕하세요</h1></div><script data-entry="/assets/home-1.js" data-preload="/assets/preload-2.js /assets/home-mount-3.js">BOOT()</script></body>',
    );
  });

  it('fails when the built page does not load exactly the expected entry', () => {
    expect(() => inlineBootScript(built.replace(/<script type="module".*\n/, ''), code, 'BOOT()')).toThrow(/found: none/);
    expect(() => inlineBootScript(built, { ...code, entry: '/assets/other.js' }, 'BOOT()')).toThrow(/expected one module script/);
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
    const html = inlineBootScript(
      '<html><head><script type="module" crossorigin src="/assets/home-1.js"></script></head><body></body></html>',
      { entry: '/assets/home-1.js', preload: ['/assets/a.js', '/assets/b.js'] },
      'BOOT()',
    );
    expect(readBootScript(html)).toEqual({ entry: '/assets/home-1.js', preload: ['/assets/a.js', '/assets/b.js'], code: 'BOOT()' });
    expect(readBootScript('<html><body></body></html>')).toBeUndefined();
  });

  it('refuses code that would end the script element early', () => {
    expect(() => bootScriptTag({ entry: '/a.js', preload: [] }, 'x("</script>")')).toThrow(/<\/script/);
  });
});
