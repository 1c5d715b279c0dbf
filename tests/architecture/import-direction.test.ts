/**
 * The house rule that keeps the layout honest: imports run one way (docs/decisions/086).
 * content and domain know nothing of the apps, the server or the cli; the public site (web/site) and the team's
 * workspace (web/workspace) never import each other, nor the server; the server never imports web; the Node-only
 * build code (build/) may read content, domain and web, and nothing under src/ imports it. Nothing under src/ imports
 * test support, tests or a runner's config but the tests beside it: src/ is what ships.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint config is plain JavaScript without types; it holds the order (decision 125).
import { SERVER_LAYERS } from '../../eslint.config.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(repo, 'src');
const buildDir = join(repo, 'build');

type Layer =
  'content' | 'domain' | 'site' | 'workspace' | 'server' | 'cli' | 'build' | 'test-support' | 'tests' | 'config';
/** What only tests and tools may read. */
const testOnly: Layer[] = ['test-support', 'tests', 'config'];
const forbidden: Partial<Record<Layer, Layer[]>> = {
  content: ['domain', 'site', 'workspace', 'server', 'cli', 'build', ...testOnly],
  domain: ['content', 'site', 'workspace', 'server', 'cli', 'build', ...testOnly],
  site: ['workspace', 'server', 'cli', 'build', ...testOnly],
  workspace: ['site', 'server', 'cli', 'build', ...testOnly],
  server: ['site', 'workspace', 'build', ...testOnly],
  cli: ['site', 'workspace', 'build', ...testOnly],
  build: ['server', 'cli', ...testOnly],
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
  const [top, second] = relative(repo, file).split(/[\\/]/);
  if (top === 'build') return 'build';
  if (top === 'test-support' || top === 'tests') return top;
  if (/\.config(\.(ts|js))?$/.test(file)) return 'config';
  if (top !== 'src') return undefined;
  const [layer, app] = relative(src, file).split(/[\\/]/);
  if (layer === 'web') return app === 'site' || app === 'workspace' ? app : undefined;
  return second === undefined ? undefined : (layer as Layer | undefined);
};

function relativeImports(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((m) => m[1] ?? m[2] ?? '').filter((s) => s.startsWith('.'));
}

function violationsIn(file: string, code: string): string[] {
  const from = layerOf(file);
  // A test beside the code it tests may use test support; the code itself may not.
  const refused = from && forbidden[from]?.filter((layer) => !/\.test\.tsx?$/.test(file) || !testOnly.includes(layer));
  if (!refused) return [];
  return relativeImports(code)
    .filter((spec) => {
      const to = layerOf(resolve(dirname(file), spec));
      return to !== undefined && refused.includes(to);
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
      "import { x } from '../web/site/pages/home';\nconst y = await import('../server/app');\nimport { z } from './idea';";
    expect(violationsIn(join(src, 'domain', 'fake.ts'), code)).toEqual([
      'src/domain/fake.ts → ../web/site/pages/home',
      'src/domain/fake.ts → ../server/app',
    ]);
    expect(violationsIn(join(src, 'server', 'fake.ts'), "import { s } from '../domain/idea';")).toEqual([]);
    expect(violationsIn(join(src, 'web', 'site', 'fake.ts'), "import { b } from '../../../build/boot-tag';")).toEqual([
      'src/web/site/fake.ts → ../../../build/boot-tag',
    ]);
    expect(violationsIn(join(buildDir, 'fake.ts'), "import { p } from '../src/web/site/prerender';")).toEqual([]);
  });

  it('keeps the two apps apart and test support out of what ships, tests aside (self-check)', () => {
    const workspacePage = join(src, 'web', 'workspace', 'pages', 'fake.tsx');
    expect(violationsIn(workspacePage, "import { Island } from '../../site/islands/island';")).toEqual([
      'src/web/workspace/pages/fake.tsx → ../../site/islands/island',
    ]);
    const serverModule = join(src, 'server', 'ideas', 'fake.ts');
    expect(
      violationsIn(
        serverModule,
        "import { a } from '../../../test-support/server/test-app';\nimport c from '../../../playwright.config';",
      ),
    ).toEqual([
      'src/server/ideas/fake.ts → ../../../test-support/server/test-app',
      'src/server/ideas/fake.ts → ../../../playwright.config',
    ]);
    const serverTest = join(src, 'server', 'ideas', 'fake.test.ts');
    expect(violationsIn(serverTest, "import { a } from '../../../test-support/server/test-app';")).toEqual([]);
  });
});

describe("the server's folders", () => {
  it('each have a place in SERVER_LAYERS, the order the lint holds them to (decision 125)', () => {
    const folders = readdirSync(join(src, 'server')).filter((name) =>
      statSync(join(src, 'server', name)).isDirectory(),
    );
    expect([...(SERVER_LAYERS as string[])].sort()).toEqual(folders.sort());
  });
});
