/** Used by `npm start`: runs `npm run build` when dist/site is missing or older than any of its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, siteOutDir, siteSources } from './site-paths';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtHtml = join(siteOutDir, 'index.html');
const builtAt = existsSync(builtHtml) ? statSync(builtHtml).mtimeMs : 0;
const sourcesAt = Math.max(...siteSources.map((source) => newestMtime(join(repoRoot, source))));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'dist/site is missing: building the site…' : 'Site sources changed: rebuilding the site…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else {
  console.log('dist/site is up to date.');
}
