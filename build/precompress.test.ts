// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressSite } from './precompress';

describe('precompressSite', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies that decompress to the original, for text files only', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('아이디어 '.repeat(500))});`;
    writeFileSync(join(dir, 'assets', 'app-1.js'), script);
    writeFileSync(join(dir, 'index.html'), `<p>${'안녕하세요 '.repeat(300)}</p>`);
    writeFileSync(join(dir, 'assets', 'font.woff2'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');

    const result = precompressSite(dir);

    expect(result.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app-1.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'font.woff2.br'))).toBe(false); // already compressed
    expect(existsSync(join(dir, 'robots.txt.br'))).toBe(false); // below MIN_BYTES
    expect(Buffer.byteLength('User-agent: *\n')).toBeLessThan(MIN_BYTES);
    expect(result.brotliBytes).toBeLessThan(result.gzipBytes);
    expect(result.gzipBytes).toBeLessThan(result.bytes);
  });
});
