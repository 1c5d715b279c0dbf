/**
 * What the code and docs point at exists: a comment (or a README line) that names a decision record
 * (`docs/decisions/060`, `decision 063`) or a source file (`src/web/site/boot/boot.ts`, `intake/body-limit.ts`,
 * `boot.ts`) must name a record in docs/decisions or a file in the repository. A pointer to something deleted or
 * renamed sends the next reader to nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const decisionsDir = join(repo, 'docs/decisions');

/** Files git tracks or would track (new files count before their first commit). */
function repoFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => file !== '' && existsSync(join(repo, file)));
}

const files = repoFiles();
const basenames = new Set(files.map((file) => basename(file)));
const records = new Set(readdirSync(decisionsDir).flatMap((name) => /^(\d{3})-.+\.md$/.exec(name)?.[1] ?? []));

/** The text a reader is pointed from: comments in code, every line of Markdown and config files. */
function pointerText(file: string, text: string): string[] {
  if (/\.(md|conf|service)$/.test(file) || basename(file).startsWith('.env')) return text.split('\n');
  return text.split('\n').flatMap((line) => {
    const comment = /(?:^\s*(?:\/\/|\*|\/\*|#)|\s\/\/\s|\{\/\*)(.*)$/.exec(line);
    return comment ? [comment[1]!] : [];
  });
}

// `docs/decisions/060`, `decision 063`, `records 064`, or a record number alone in parentheses or a list: `(065)`, `(060, 065)`.
const DECISION = /(?:docs\/decisions\/|\bdecisions? |\brecords? |\(|, )(0\d{2})\b/g;
// A path or file name with a source extension; not a glob, a placeholder or a URL.
const SOURCE = /(?<![\w@*<>{}:/.-])((?:[\w.-]+\/)*[\w.-]+\.(?:tsx?|css|sql|conf|service|md))\b(?![\w/*-])/g;

function brokenPointers(): string[] {
  const broken: string[] = [];
  const scanned = files.filter(
    (file) => /\.(tsx?|js|css|md|conf|service)$/.test(file) && !file.startsWith('docs/decisions/0'),
  );
  for (const file of scanned) {
    const lines = pointerText(file, readFileSync(join(repo, file), 'utf8'));
    for (const line of lines) {
      for (const [, number] of line.matchAll(DECISION)) {
        if (!records.has(number!)) broken.push(`${file}: decision ${number} (no docs/decisions/${number}-*.md)`);
      }
      for (const [, target] of line.matchAll(SOURCE)) {
        if (target!.endsWith('.d.ts') || target!.includes('NNN')) continue;
        // A bare name is checked for source files only: `postgresql.conf` or `README.md` may be another project's.
        if (!target!.includes('/') && !/\.(tsx?|css)$/.test(target!)) continue;
        const found = target!.includes('/')
          ? files.some((candidate) => candidate === target || candidate.endsWith(`/${target}`))
          : basenames.has(target!);
        if (!found) broken.push(`${file}: ${target}`);
      }
    }
  }
  return broken;
}

describe('pointers in comments and docs', () => {
  it('name decision records and files that exist', () => {
    expect(brokenPointers()).toEqual([]);
  });
});

describe('the decision records', () => {
  const current = readdirSync(decisionsDir).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it.each(current)('%s has a Date and a Status and is current', (name) => {
    const text = readFileSync(join(decisionsDir, name), 'utf8');
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m);
    expect(text).toMatch(/^Status: (accepted|proposed)/m);
  });

  it('are all listed in the index, which lists nothing else', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(new Set(listed)).toEqual(new Set(current));
  });
});
