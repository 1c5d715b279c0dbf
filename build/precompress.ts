/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) next to every text file of the built site, so
 * the server sends the smallest encoding without compressing on each request (`preCompressed` in
 * src/server/routes/site.ts, docs/decisions/060). On the fly the server uses Brotli quality 4, which is ~14% larger
 * for the page code.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_FILE = /\.(?:html|js|css|svg|json|webmanifest|xml|txt)$/;
/** Below this a compressed copy gains too little to be worth a file (the server's own threshold is the same). */
export const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function precompressSite(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
    result.files += 1;
    result.bytes += data.length;
    result.brotliBytes += brotli.length;
    result.gzipBytes += gzip.length;
  }
  return result;
}
