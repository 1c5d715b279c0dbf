/**
 * The server and web projects run their files without isolation (decision 123): a file that replaces a module
 * (`vi.mock`, `vi.doMock`) would leave the replacement to the next file in its worker. Such files run in the
 * isolated project `web-mocks`, listed in src/web/vitest.config.ts; this keeps the list whole and the server's
 * tests free of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from '../../src/web/vitest.config';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const mocking = (files: string[]) =>
  files.filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(root, file), 'utf8'))).sort();

describe('test files that replace a module', () => {
  it('run in the isolated web-mocks project, every one of them', () => {
    expect(mocking([...testFiles('src/web'), ...testFiles('src/content')])).toEqual([...MODULE_MOCKING_TESTS].sort());
  });

  it('are none among the server tests, which share their workers', () => {
    expect(mocking([...testFiles('src/server'), ...testFiles('src/cli'), ...testFiles('src/domain')])).toEqual([]);
  });
});
