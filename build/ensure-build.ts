/**
 * Used by `npm start`: runs `npm run build` when dist/site is missing, older than any of its sources, or was made
 * with other build-time settings than the environment asks for now (SITE_URL, VITE_*, …), and says why.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSettingsOf, changedSettings, recordedBuildSettings, type BuildSettings } from './build-settings';
import { repoRoot, siteOutDir, siteSources, workspaceOutDir } from './site-paths';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export interface BuildState {
  /** When the built HTML was written (0: no build). */
  builtAt: number;
  /** The newest change among the build's sources. */
  sourcesAt: number;
  /** The settings the build recorded (undefined: an older build that recorded none). */
  recorded: BuildSettings | undefined;
  wanted: BuildSettings;
}

/** Why the site must be built again, or undefined when the current build is what the environment asks for. */
export function rebuildReason({ builtAt, sourcesAt, recorded, wanted }: BuildState): string | undefined {
  if (builtAt === 0) return 'dist/site is missing';
  if (sourcesAt > builtAt) return 'site sources changed';
  if (!recorded) return 'the build recorded no build-time settings';
  const changed = changedSettings(recorded, wanted);
  if (changed.length > 0) return `build-time setting${changed.length > 1 ? 's' : ''} changed: ${changed.join(', ')}`;
  return undefined;
}

function main() {
  // The public pages and the team's workspace are one build: either missing is no build.
  const builtPages = [join(siteOutDir, 'index.html'), join(workspaceOutDir, 'index.html')];
  const reason = rebuildReason({
    builtAt: Math.min(...builtPages.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0))),
    sourcesAt: Math.max(...siteSources.map((source) => newestMtime(join(repoRoot, source)))),
    recorded: recordedBuildSettings(),
    wanted: buildSettingsOf(process.env),
  });
  if (!reason) {
    console.log('dist/site is up to date.');
    return;
  }
  console.log(`${reason}: building the site…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
