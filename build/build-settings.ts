/**
 * The settings a build bakes into the pages: the public origin (canonical URLs, Open Graph, sitemap, JSON-LD), the
 * search-console verification codes, and every `VITE_*` variable (the form's API base URL and public key). The
 * build records them next to the site (not served), and `npm start` rebuilds when the environment asks for other
 * values than the ones the current build was made with (build/ensure-build.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { site } from '../src/content/site';
import { buildSettingsFile } from './site-paths';

/** Build-time settings besides `VITE_*`, with the value a build uses when the variable is unset. */
const NAMED_SETTINGS: Record<string, string> = {
  SITE_URL: site.defaultUrl,
  NAVER_SITE_VERIFICATION: '',
  GOOGLE_SITE_VERIFICATION: '',
};

export type BuildSettings = Record<string, string>;

/** The build-time settings `env` asks for, defaults filled in, by name. */
export function buildSettingsOf(env: NodeJS.ProcessEnv): BuildSettings {
  const settings: BuildSettings = {};
  for (const [name, fallback] of Object.entries(NAMED_SETTINGS)) settings[name] = env[name]?.trim() || fallback;
  for (const name of Object.keys(env).filter((key) => key.startsWith('VITE_')).sort()) settings[name] = env[name] ?? '';
  return settings;
}

/** Names of the settings whose value differs between the two (a setting missing on one side counts as empty). */
export function changedSettings(recorded: BuildSettings, wanted: BuildSettings): string[] {
  const names = [...new Set([...Object.keys(recorded), ...Object.keys(wanted)])].sort();
  return names.filter((name) => (recorded[name] ?? '') !== (wanted[name] ?? ''));
}

export function recordBuildSettings(settings: BuildSettings, file = buildSettingsFile): void {
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

/** The settings the current build was made with, or undefined when it recorded none. */
export function recordedBuildSettings(file = buildSettingsFile): BuildSettings | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildSettings) : undefined;
}
