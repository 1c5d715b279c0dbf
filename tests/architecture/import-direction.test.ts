/**
 * The house rule that keeps the layout honest: imports run one way.
 * content and domain know nothing of web, server or cli; web never imports server; server never imports web;
 * the Node-only build code (build/) may read content, domain and web, and nothing under src/ imports it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(repo, 'src');
const buildDir = join(repo, 'build');

type Layer = 'content' | 'domain' | 'web' | 'server' | 'cli' | 'build';
const forbidden: Record<Layer, Layer[]> = {
  content: ['domain', 'web', 'server', 'cli', 'build'],
  domain: ['content', 'web', 'server', 'cli', 'build'],
  web: ['server', 'cli', 'build'],
  server: ['web', 'build'],
  cli: ['web', 'build'],
  build: ['server', 'cli'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    // A test project's config wires tooling (the font plugin) into the test run; it is not code of its layer.
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.config.ts') ? [path] : [];
  });
}

const layerOf = (file: string): Layer | undefined => {
  if (!relative(buildDir, file).startsWith('..')) return 'build';
  const [top] = relative(src, file).split(/[\\/]/);
  return top === '..' ? undefined : (top as Layer | undefined);
};

function relativeImports(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
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
  const files = [...sourceFiles(src), ...sourceFiles(buildDir)];

  it('reads every layer of the source tree', () => {
    const layers = new Set(files.map(layerOf));
    expect([...layers].sort()).toEqual(Object.keys(forbidden).sort());
  });

  it('keeps every import inside its allowed layers', () => {
    const violations = files.flatMap((file) => violationsIn(file, readFileSync(file, 'utf8')));
    expect(violations).toEqual([]);
  });

  it('flags forbidden imports, static and dynamic (self-check of the scanner)', () => {
    const code =
      "import { x } from '../web/pages/home';\nconst y = await import('../server/app');\nimport { z } from './idea';";
    expect(violationsIn(join(src, 'domain', 'fake.ts'), code)).toEqual([
      'src/domain/fake.ts → ../web/pages/home',
      'src/domain/fake.ts → ../server/app',
    ]);
    expect(violationsIn(join(src, 'server', 'fake.ts'), "import { s } from '../domain/idea';")).toEqual([]);
    expect(violationsIn(join(src, 'web', 'fake.ts'), "import { b } from '../../build/boot-tag';")).toEqual([
      'src/web/fake.ts → ../../build/boot-tag',
    ]);
    expect(violationsIn(join(buildDir, 'fake.ts'), "import { p } from '../src/web/prerender';")).toEqual([]);
  });
});
