/**
 * The team's workspace stays apart from the public site (decision 082): built into dist/team from its own entry,
 * it adds nothing to the public pages — no public file names or contains its code, copy or styles, and the public
 * font subset is cut from the public copy only — and its page is noindex with no inline script; robots.txt keeps
 * crawlers out of /team and the sitemap does not list it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectSiteText, TEAM_ONLY_COPY } from '../../build/pretendard-subsets';
import { workspaceShellCopy } from '../../src/content/workspace-shell';
import { TEAM_PATH } from '../../src/domain/team-paths';
import { repoRoot, requireBuiltSite, siteDir } from './support/built-site';

const workspaceDir = join(repoRoot, 'dist', 'team');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|js|css|txt|xml|json|webmanifest)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(() => {
  requireBuiltSite();
  if (!existsSync(join(workspaceDir, 'index.html')))
    throw new Error(`No workspace build in ${workspaceDir}. Run \`npm run build\` first.`);
});

describe('the workspace apart from the public site', () => {
  it('puts nothing of the workspace into any public file', () => {
    const workspaceScripts = readdirSync(join(workspaceDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    const markers = [
      `${TEAM_PATH}/assets/`,
      'id="workspace"',
      workspaceShellCopy.signIn.title,
      workspaceShellCopy.members.intro,
      workspaceShellCopy.accessRecords.intro,
      ...workspaceScripts,
    ];
    for (const file of files(siteDir))
      for (const marker of markers)
        expect(readFileSync(file, 'utf8').includes(marker), `${relative(siteDir, file)} has ${marker}`).toBe(false);
    expect(existsSync(join(siteDir, 'team'))).toBe(false);
  });

  it('cuts the public font from the public copy only', () => {
    const publicText = new Set(collectSiteText(repoRoot));
    expect(TEAM_ONLY_COPY.has('workspace-shell.ts')).toBe(true);
    // A character only the workspace's copy uses is not in the public subset.
    const onlyWorkspace = [...JSON.stringify(workspaceShellCopy)].filter((char) => !publicText.has(char));
    expect(onlyWorkspace.length).toBeGreaterThan(0);
  });

  it('leaves out of the public font every copy module that only the workspace reads', () => {
    // Which content modules the code under a folder imports (its own files, recursively).
    const contentImports = (dir: string) =>
      new Set(
        readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
          .flatMap((entry) => [
            ...readFileSync(join(entry.parentPath, entry.name), 'utf8').matchAll(/content\/([\w-]+)'/g),
          ])
          .map((match) => `${match[1]}.ts`),
      );
    const workspace = contentImports('src/web/workspace');
    // The server's public pages: the intake's (http/), the status page (founder/) and its sections, rendered by the
    // thread and the booking (server-side, in the public font).
    const publicPages = new Set(
      ['src/web/site', 'src/server/http', 'src/server/founder', 'src/server/thread', 'src/server/booking'].flatMap(
        (dir) => [...contentImports(dir)],
      ),
    );
    const onlyWorkspace = [...workspace].filter((module) => !publicPages.has(module));
    expect(onlyWorkspace.length).toBeGreaterThan(0);
    expect(onlyWorkspace.filter((module) => !TEAM_ONLY_COPY.has(module))).toEqual([]);
  });

  it('serves a noindex page in Korean with no inline script, its assets hashed under /team/assets/', () => {
    const html = readFileSync(join(workspaceDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<html lang="ko">/);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/team\/assets\/[\w-]+-[\w-]{8}\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).toMatch(/href="\/team\/assets\/[\w-]+-[\w-]{8}\.css"/);
  });

  it('styles every class the workspace names: its stylesheet scans the whole workspace, not only its own folder', () => {
    // A stylesheet that scanned only src/web/workspace/styles/ shipped no layout at all: the board's columns
    // stacked full width, and the keyboard's next column lay under the card it started in.
    const css = readdirSync(join(workspaceDir, 'assets'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(join(workspaceDir, 'assets', name), 'utf8'))
      .join('\n');
    const selector = (token: string) => `.${token.replace(/[^\w-]/g, (char) => `\\${char}`)}`;
    const unstyled = new Set<string>();
    const sources = readdirSync(join(repoRoot, 'src/web/workspace'), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'),
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const entry of sources) {
      const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const [, plain, template] of source.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
        // A template's static words and the quoted words of its expressions.
        const words = (
          plain ??
          template!.replace(
            /\$\{([^}]*)\}/g,
            (_, inner: string) => ` ${(inner.match(/'[^']*'/g) ?? []).join(' ').replaceAll("'", '')} `,
          )
        )
          .split(/\s+/)
          .filter((word) => /^[\w:./[\]-]+$/.test(word));
        for (const word of words) if (!css.includes(selector(word))) unstyled.add(`${entry.name}: ${word}`);
      }
    }
    expect([...unstyled]).toEqual([]);
  });

  it('keeps crawlers out of /team: disallowed in robots.txt, absent from the sitemap', () => {
    const robots = readFileSync(join(siteDir, 'robots.txt'), 'utf8');
    for (const group of robots.split('\n\n').filter((g) => g.startsWith('User-agent')))
      expect(group).toContain(`Disallow: ${TEAM_PATH}`);
    expect(readFileSync(join(siteDir, 'sitemap.xml'), 'utf8')).not.toContain(TEAM_PATH);
  });
});
