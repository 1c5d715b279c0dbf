/**
 * Reads a PDF the way a person's viewer would, with Debian's poppler-utils (installed by .ci/run): its text
 * (`pdftotext`, layout kept) and its first page rendered to grey pixels (`pdftoppm -gray`, a PGM image) so a test can
 * look at where the ink is. `pngOfPdf` renders a page to PNG for a person to look at.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function withFile<T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-pdf-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  return work(file, dir).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

export const pdfText = (pdf: Buffer): Promise<string> =>
  withFile(pdf, async (file) => (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout);

/** How many pages, from `pdfinfo`. */
export const pdfPages = (pdf: Buffer): Promise<number> =>
  withFile(pdf, async (file) => Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [file])).stdout)?.[1] ?? 0));

export interface GreyPage {
  width: number;
  height: number;
  /** 0 (black) … 255 (white), row by row. */
  pixels: Uint8Array;
}

/** pdftoppm's rendering of the first page of `file` at `dpi`, as `format` (its option), into `prefix` + extension. */
const firstPage = (file: string, format: '-gray' | '-png', dpi: number, prefix: string) =>
  run('pdftoppm', [format, '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, prefix]);

/** The first page at `dpi`, grey. */
export const pdfFirstPageGrey = (pdf: Buffer, dpi = 40): Promise<GreyPage> =>
  withFile(pdf, async (file, dir) => {
    await firstPage(file, '-gray', dpi, path.join(dir, 'page'));
    const image = fs.readFileSync(path.join(dir, 'page.pgm'));
    // Binary PGM: "P5", width, height, max value, each separated by whitespace, then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('not a binary PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, pixels: image.subarray(header[0].length, header[0].length + width * height) };
  });

/** The share of dark pixels (below 128) in the band of rows [from, to) of the page, as fractions of its height. */
export function inkIn(page: GreyPage, from: number, to: number): number {
  const start = Math.floor(from * page.height) * page.width;
  const end = Math.floor(to * page.height) * page.width;
  let dark = 0;
  for (let index = start; index < end; index += 1) if (page.pixels[index]! < 128) dark += 1;
  return dark / Math.max(1, end - start);
}

/** The first page as a PNG file at `target` (for a person to look at). */
export const pngOfPdf = (pdf: Buffer, target: string, dpi = 80): Promise<void> =>
  withFile(pdf, async (file) => {
    await firstPage(file, '-png', dpi, target.replace(/\.png$/, ''));
  });
