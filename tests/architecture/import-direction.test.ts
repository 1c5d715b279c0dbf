/**
 * The house rule that keeps the layout honest: imports run one way.
 * content and domain know nothing of web, server or cli; web never imports server; server never imports web.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(repo, 'src');

type Layer = 'content' | 'domain' | 'web' | 'server' | 'cli';
const forbidden: Record<Layer, Layer[]> = {
  content: ['domain', 'web', 'server', 'cli'],
  domain: ['content', 'web', 'server', 'cli'],
  web: ['server', 'cli'],
  server: ['web'],
  cli: ['web'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const layerOf = (file: string): Layer | undefined => relative(src, file).split(/[\\/]/)[0] as Layer | undefined;

function relativeImports(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return specifiers.map((m) => m[1] ?? m[2] ?? '').filter((s) => s.startsWith('.'));
}

function violationsIn(file: string, code: string): string[] {
  const from = layerOf(file);
  if (!from || !(from in forbidden)) return [];
  return relativeImports(code)
    .filter((spec) => {
      const to = layerOf(resolve(dirname(file), spec));
      return to !== undefined && forbidden[from].includes(to);
    })
    .map((spec) => `${relative(repo, file)} → ${spec}`);
}

describe('import direction', () => {
  const files = sourceFiles(src);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it('keeps every import inside its allowed layers', () => {
    const violations = files.flatMap((file) => violationsIn(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('flags forbidden imports, static and dynamic (self-check of the scanner)', () => {
    const code = "import { x } from '../web/pages/home';\nconst y = await import('../server/app');\nimport { z } from './idea';";
    expect(violationsIn(join(src, 'domain', 'fake.ts'), code)).toEqual([
      'src/domain/fake.ts → ../web/pages/home',
      'src/domain/fake.ts → ../server/app',
    ]);
    expect(violationsIn(join(src, 'server', 'fake.ts'), "import { s } from '../domain/idea';")).toEqual([]);
  });
});
