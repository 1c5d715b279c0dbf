/**
 * The settings a build bakes into the pages: the public origin (canonical URLs, Open Graph, sitemap, JSON-LD), the
 * search-console verification codes, the agency's own details (links, operator and privacy contact, KakaoTalk
 * channel: SiteSettings), and every `VITE_*` variable (the form's API base URL and public key). The
 * build records them next to the site (not served), and `npm start` rebuilds when the environment asks for other
 * values than the ones the current build was made with (build/ensure-build.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { developmentSiteSettings, site, type SiteSettings } from '../src/content/site';
import { buildSettingsFile } from './site-paths';

/** The agency's own details (SiteSettings), by variable name; unset, a development build uses the defaults. */
const SITE_SETTING_VARIABLES = {
  SITE_NEWSLETTER_URL: developmentSiteSettings.links.newsletter,
  SITE_HOMEPAGE_URL: developmentSiteSettings.links.homepage,
  SITE_OPERATOR_NAME: developmentSiteSettings.operator.name,
  SITE_OPERATOR_REPRESENTATIVE: developmentSiteSettings.operator.representative,
  SITE_PRIVACY_EMAIL: developmentSiteSettings.operator.contactEmail,
  KAKAO_CHANNEL_URL: '',
} as const;

/** Build-time settings besides `VITE_*`, with the value a build uses when the variable is unset. */
const NAMED_SETTINGS: Record<string, string> = {
  SITE_URL: site.defaultUrl,
  NAVER_SITE_VERIFICATION: '',
  GOOGLE_SITE_VERIFICATION: '',
  ...SITE_SETTING_VARIABLES,
};

/** Hosts that mark a value as a placeholder: a production build refuses them. */
const PLACEHOLDER = /(^|\.)(example\.(com|org|net|kr)|localhost)$|^127\./;

export class BuildSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Build settings (see .env.example):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'BuildSettingsError';
  }
}

/**
 * The site settings the pages are built with, validated: URLs must be http(s) (https in production), the privacy
 * e-mail an address; a production build (`NODE_ENV=production`) refuses the development placeholders (example.com,
 * localhost), SITE_URL's included. Throws BuildSettingsError naming every bad variable.
 */
export function siteSettingsOf(settings: BuildSettings, production: boolean): SiteSettings {
  const problems: string[] = [];
  const url = (name: string, value: string) => {
    const parsed = z.url({ protocol: production ? /^https$/ : /^https?$/ }).safeParse(value);
    if (!parsed.success)
      problems.push(`${name}: must be an ${production ? 'https://' : 'http(s)://'} URL (got ${JSON.stringify(value)})`);
    else if (production && PLACEHOLDER.test(new URL(value).hostname))
      problems.push(`${name}: still the placeholder ${value}; set the agency's own`);
  };
  url('SITE_URL', settings.SITE_URL ?? '');
  url('SITE_NEWSLETTER_URL', settings.SITE_NEWSLETTER_URL ?? '');
  url('SITE_HOMEPAGE_URL', settings.SITE_HOMEPAGE_URL ?? '');
  if (settings.KAKAO_CHANNEL_URL) url('KAKAO_CHANNEL_URL', settings.KAKAO_CHANNEL_URL);
  const email = settings.SITE_PRIVACY_EMAIL ?? '';
  if (!z.email().safeParse(email).success)
    problems.push(`SITE_PRIVACY_EMAIL: must be an e-mail address (got ${JSON.stringify(email)})`);
  else if (production && PLACEHOLDER.test(email.split('@')[1] ?? ''))
    problems.push(`SITE_PRIVACY_EMAIL: still the placeholder ${email}`);
  for (const name of ['SITE_OPERATOR_NAME', 'SITE_OPERATOR_REPRESENTATIVE'] as const) {
    if (!settings[name]?.trim()) problems.push(`${name}: must not be empty`);
  }
  if (problems.length > 0) throw new BuildSettingsError(problems);
  return {
    links: { newsletter: settings.SITE_NEWSLETTER_URL!, homepage: settings.SITE_HOMEPAGE_URL! },
    operator: {
      name: settings.SITE_OPERATOR_NAME!,
      representative: settings.SITE_OPERATOR_REPRESENTATIVE!,
      contactEmail: email,
    },
    kakaoChannelUrl: settings.KAKAO_CHANNEL_URL || null,
  };
}

export type BuildSettings = Record<string, string>;

/** The build-time settings `env` asks for, defaults filled in, by name. */
export function buildSettingsOf(env: NodeJS.ProcessEnv): BuildSettings {
  const settings: BuildSettings = {};
  for (const [name, fallback] of Object.entries(NAMED_SETTINGS)) settings[name] = env[name]?.trim() || fallback;
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort())
    settings[name] = env[name] ?? '';
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
