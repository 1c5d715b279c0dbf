/**
 * Builds the site into dist/site (docs/decisions/001):
 * 1. Vite client build of the multi-page app (one HTML + one small entry per route);
 * 2. Vite SSR build of src/web/prerender.tsx;
 * 3. for every route, React's `react-dom/static` prerender markup and renderHead(routeId, siteUrl) are written
 *    into the built HTML, so crawlers, link previews and first paint need no JavaScript;
 * 4. each page's module script and modulepreloads are replaced by the inline boot script, which loads the same
 *    files after first paint (docs/decisions/008); Vite's manifest, read for that, is not published.
 * 5. each page's stylesheet link is replaced by the stylesheet itself, and the file, now unused, is removed
 *    (docs/decisions/044);
 * 6. every text file gets Brotli-11 and gzip-9 copies the server sends as they are (docs/decisions/009).
 * Prints each page's JS (loaded after first paint), CSS and HTML (gzip -9).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { routes, site, type RouteId } from '../src/content/site';
import { renderHead } from '../src/web/seo/head';
import { bundleBootScript, inlineBootScript, pageCode, type ViteManifest } from '../src/web/build/boot-script';
import { inlineStylesheets } from '../src/web/build/inline-stylesheet';
import { measurePage } from '../src/web/build/page-weight';
import { precompressSite } from '../src/web/build/precompress';
import { prerenderEntry, prerenderOutDir, siteOutDir, viteConfigFile } from '../src/web/build/site-paths';

// vite.config.ts imports a TypeScript helper without extension (tsconfig forbids .ts specifiers); the default loader handles it.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const siteUrl = process.env.SITE_URL ?? site.defaultUrl;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  await build({ configFile: viteConfigFile, logLevel: 'warn' });
  await build({
    configFile: viteConfigFile,
    logLevel: 'warn',
    build: {
      ssr: prerenderEntry,
      outDir: prerenderOutDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { input: prerenderEntry, output: { entryFileNames: 'prerender.js' } },
    },
  });

  const { renderRoute } = (await import(pathToFileURL(join(prerenderOutDir, 'prerender.js')).href)) as {
    renderRoute: (routeId: RouteId) => Promise<string>;
  };

  const manifestDir = join(siteOutDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  const bootCode = await bundleBootScript();
  const inlinedStylesheets = new Set<string>();

  for (const route of routes) {
    const file = join(siteOutDir, route.file);
    const template = readFileSync(file, 'utf8');
    if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
      throw new Error(`${route.file}: missing <!--app-head--> or <!--app-html--> placeholder`);
    }
    const appHtml = await renderRoute(route.id);
    const html = template.replace('<!--app-head-->', () => renderHead(route.id, siteUrl)).replace('<!--app-html-->', () => appHtml);
    const page = inlineStylesheets(inlineBootScript(html, pageCode(manifest, route.file), bootCode), (href) =>
      readFileSync(join(siteOutDir, href), 'utf8'),
    );
    for (const href of page.inlined) inlinedStylesheets.add(href);
    writeFileSync(file, page.html);
  }
  removeInlinedStylesheets(inlinedStylesheets);
  rmSync(prerenderOutDir, { recursive: true, force: true });
  rmSync(manifestDir, { recursive: true, force: true });
  const compressed = precompressSite(siteOutDir);

  console.log(`Built ${routes.length} pages into dist/site (SITE_URL ${siteUrl}); ${compressed.files} text files precompressed, ` +
    `Brotli ${kb(compressed.brotliBytes)} / gzip ${kb(compressed.gzipBytes)} of ${kb(compressed.bytes)}`);
  for (const route of routes) {
    const weight = measurePage(siteOutDir, route.file);
    console.log(
      `  ${route.file.padEnd(20)} JS after paint ${kb(weight.jsGzip).padStart(8)} gz (${weight.js.length} files)   boot ${weight.bootBytes} B   CSS ${kb(weight.cssGzip)} gz   HTML ${kb(weight.htmlGzip)} gz`,
    );
  }
}

/**
 * Deletes the inlined stylesheet files. A script that names one (Vite's preload helper lists the CSS of a lazily
 * loaded chunk) would add it as a <link> at run time and restyle the page with a second copy: the build fails then.
 */
function removeInlinedStylesheets(hrefs: Set<string>) {
  const assetsDir = join(siteOutDir, 'assets');
  const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  for (const href of hrefs) {
    const name = href.split('/').pop()!;
    const naming = scripts.filter((script) => readFileSync(join(assetsDir, script), 'utf8').includes(name));
    if (naming.length > 0) throw new Error(`${href} is inlined into the pages but ${naming.join(', ')} still loads it`);
    rmSync(join(siteOutDir, href));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
