/**
 * Builds the site into dist/site (docs/decisions/060):
 * 1. Vite client build of src/web/site/client.tsx, the page code of every route (+ the site stylesheet);
 * 2. Vite SSR build of src/web/site/prerender.tsx;
 * 3. for every route of src/content/site.ts, its HTML document: head tags from the route's data, the stylesheet
 *    inline, the page prerendered by React, and the inline boot script that loads the page code after first paint;
 *    the stylesheet file and Vite's manifest, read for that, are not published;
 * 4. robots.txt and sitemap.xml from the same routes;
 * 5. every text file gets Brotli-11 and gzip-9 copies the server sends as they are;
 * 6. the build-time settings it was made with are recorded (build/build-settings.ts) for `npm start`'s check;
 * 7. the team's workspace, its own entry, into dist/team (build/build-workspace.ts), precompressed the same way;
 * 8. the founder's status page's own script (the answer's voice memo recorder), its own entry into dist/site/assets
 *    (build/build-status-page.ts), before the precompression.
 * Prints each page's JS (loaded after first paint), CSS and HTML (gzip -9).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { routes, site, type RouteId, type SiteSettings } from '../src/content/site';
import { robotsTxt, sitemapXml } from '../src/web/site/seo/crawl-files';
import { renderHead } from '../src/web/site/seo/head';
import { bundleBootScript, pageCode, type ViteManifest } from './boot-script';
import { buildSettingsOf, recordBuildSettings, siteSettingsOf } from './build-settings';
import { bootScriptTag } from './boot-tag';
import { styleElement } from './inline-stylesheet';
import { pageDocument } from './page-document';
import { measurePage } from './page-weight';
import { precompressSite } from './precompress';
import { buildStatusPageCode } from './build-status-page';
import { buildWorkspace } from './build-workspace';
import {
  clientEntryKey,
  prerenderEntry,
  prerenderOutDir,
  siteOutDir,
  viteConfigFile,
  workspaceOutDir,
} from './site-paths';

const settings = buildSettingsOf(process.env);
const siteUrl = settings.SITE_URL ?? site.defaultUrl;
// Validated before anything is built: a production build with placeholder details stops here, naming them.
const siteSettings = siteSettingsOf(settings, process.env.NODE_ENV === 'production');

// vite.config.ts imports TypeScript helpers without extension (tsconfig forbids .ts specifiers); the default loader
// handles it. Set after the settings are read: it is the build's own switch, not a setting of the site.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
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
    renderRoute: (routeId: RouteId, settings: SiteSettings) => Promise<string>;
  };

  const manifestDir = join(siteOutDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  const stylesheets = manifest[clientEntryKey]?.css ?? [];
  const styles = stylesheets.map((file) => styleElement(file, readFileSync(join(siteOutDir, file), 'utf8'))).join('');
  const script = bootScriptTag(pageCode(manifest, clientEntryKey), await bundleBootScript());

  for (const route of routes) {
    const html = pageDocument({
      routeId: route.id,
      head: renderHead(route.id, siteUrl, {
        naverSiteVerification: settings.NAVER_SITE_VERIFICATION || undefined,
        googleSiteVerification: settings.GOOGLE_SITE_VERIFICATION || undefined,
        contactEmail: siteSettings.operator.contactEmail,
      }),
      styles,
      body: await renderRoute(route.id, siteSettings),
      script,
    });
    const file = join(siteOutDir, route.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  removeInlinedStylesheets(stylesheets);
  rmSync(prerenderOutDir, { recursive: true, force: true });
  rmSync(manifestDir, { recursive: true, force: true });
  const statusPageCode = await buildStatusPageCode();
  writeFileSync(join(siteOutDir, 'robots.txt'), robotsTxt(siteUrl));
  writeFileSync(join(siteOutDir, 'sitemap.xml'), sitemapXml(siteUrl, new Date()));
  const compressed = precompressSite(siteOutDir);
  await buildWorkspace();
  const workspace = precompressSite(workspaceOutDir);
  recordBuildSettings(settings);
  console.log(
    `Built the team's workspace into dist/team (${workspace.files} text files, Brotli ${kb(workspace.brotliBytes)})`,
  );

  console.log(
    `Built ${routes.length} pages, robots.txt and sitemap.xml into dist/site (SITE_URL ${siteUrl}); ` +
      `${compressed.files} text files precompressed, Brotli ${kb(compressed.brotliBytes)} / gzip ${kb(compressed.gzipBytes)} of ${kb(compressed.bytes)}`,
  );
  const statusJs = [statusPageCode.entry, ...statusPageCode.preload];
  const statusGzip = statusJs.reduce(
    (total, url) => total + gzipSync(readFileSync(join(siteOutDir, url)), { level: 9 }).length,
    0,
  );
  console.log(`  status page: its own JS ${kb(statusGzip)} gz (${statusJs.length} files)`);
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
function removeInlinedStylesheets(files: string[]) {
  const assetsDir = join(siteOutDir, 'assets');
  const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  for (const file of files) {
    const name = file.split('/').pop()!;
    const naming = scripts.filter((script) => readFileSync(join(assetsDir, script), 'utf8').includes(name));
    if (naming.length > 0) throw new Error(`${file} is inlined into the pages but ${naming.join(', ')} still loads it`);
    rmSync(join(siteOutDir, file));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
