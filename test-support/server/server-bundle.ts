/**
 * The server as one JavaScript file, for the browser specs that start a server of their own (decision 123): the same
 * sources as `node --import tsx src/server/main.ts`, bundled by esbuild once per run, with the packages left to
 * node_modules. Each start then skips tsx's loader (decision 123 has the figures).
 * `import.meta.url` keeps each source file's own address, so a folder found beside a source file (the migrations,
 * the SQL functions) and `createRequire` resolve as they do unbundled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = path.join(root, 'src/server/main.ts');

/** Replaces `import.meta.url` in each of the project's sources with that source's own file URL. */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(bundler) {
    bundler.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Bundles the server into `outDir`; returns the file to run with `node`. */
export async function bundleServer(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'main.mjs');
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A failing spec's server log points at the sources (node --enable-source-maps).
    sourcemap: 'inline',
    plugins: [ownUrls],
    logLevel: 'warning',
  });
  return outfile;
}
