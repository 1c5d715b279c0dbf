/**
 * `npm run test:changed`: the fast inner loop (decision 123). Only what the change can affect: the types (the whole
 * program, a few seconds), lint and format on the changed files, the Vitest tests that import a changed file
 * (`vitest --changed`), and the browser specs that are changed or import one (`playwright --only-changed`), after a
 * build when a changed file is part of the built site. The whole `npm test` still runs before a change lands.
 *
 * The change is what is uncommitted (tracked and new files); `-- --since <ref>` takes everything since that commit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { bin, PHASES, VITEST_PROJECTS } from './phases';

const sinceAt = process.argv.indexOf('--since');
const since = sinceAt > 0 ? process.argv[sinceAt + 1] : undefined;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', since ?? 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((file) => fs.existsSync(file));

/** Files the built site is made of: a change to one needs `npm run build` before the browser specs read dist/. */
const SITE_SOURCES = /^(src\/(web|content|domain)\/|build\/|public\/|index\.html$|vite\.config\.ts$)/;

function run(name: string, command: string[]): void {
  console.log(`\n▶ ${name}: ${command.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command[0]!, command.slice(1), { stdio: 'inherit' });
  console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (changed.length === 0) {
  console.log(`Nothing changed${since ? ` since ${since}` : ''}: nothing to test.`);
  process.exit(0);
}
console.log(`Changed (${changed.length}): ${changed.join(', ')}`);
const phase = (name: string) => PHASES.find((entry) => entry.name === name)!.command;
run('typecheck', phase('typecheck'));
const lintable = changed.filter((file) => /\.(ts|tsx|js)$/.test(file));
if (lintable.length > 0) run('lint', [bin('eslint'), '--max-warnings', '0', ...lintable]);
run('format', [bin('prettier'), '--check', '--ignore-unknown', ...changed]);
run('vitest', [
  bin('vitest'),
  'run',
  ...VITEST_PROJECTS.flatMap((project) => ['--project', project]),
  `--changed${since ? `=${since}` : ''}`,
  '--passWithNoTests',
]);
if (changed.some((file) => SITE_SOURCES.test(file))) run('build', phase('build'));
run('playwright', [bin('playwright'), 'test', `--only-changed${since ? `=${since}` : ''}`, '--pass-with-no-tests']);
