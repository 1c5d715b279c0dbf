import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../src/content/site';
import { buildSettingsOf, changedSettings, recordBuildSettings, recordedBuildSettings } from './build-settings';

describe('build settings', () => {
  it('take SITE_URL, the verification codes and every VITE_ variable from the environment, defaults filled in', () => {
    expect(buildSettingsOf({ PATH: '/usr/bin', VITE_PUBLIC_API_KEY: 'pk', SITE_URL: ' https://mvp24.example ' })).toEqual({
      SITE_URL: 'https://mvp24.example',
      NAVER_SITE_VERIFICATION: '',
      GOOGLE_SITE_VERIFICATION: '',
      VITE_PUBLIC_API_KEY: 'pk',
    });
    expect(buildSettingsOf({}).SITE_URL).toBe(site.defaultUrl);
  });

  it('name each setting that differs, one side missing counting as empty', () => {
    const built = buildSettingsOf({ VITE_API_BASE_URL: 'https://a.example' });
    expect(changedSettings(built, buildSettingsOf({ VITE_API_BASE_URL: 'https://a.example' }))).toEqual([]);
    expect(changedSettings(built, buildSettingsOf({ SITE_URL: 'https://mvp24.example' }))).toEqual(['SITE_URL', 'VITE_API_BASE_URL']);
    expect(changedSettings({ ...built, VITE_X: '' }, built)).toEqual([]);
  });

  it('are recorded by the build and read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'build-settings-'));
    try {
      const file = join(dir, 'build-settings.json');
      expect(recordedBuildSettings(file)).toBeUndefined();
      const settings = buildSettingsOf({ SITE_URL: 'https://mvp24.example' });
      recordBuildSettings(settings, file);
      expect(recordedBuildSettings(file)).toEqual(settings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm start's rebuild check", async () => {
  const { rebuildReason } = await import('./ensure-build');
  const wanted = buildSettingsOf({ SITE_URL: 'https://mvp24.example' });

  it('builds when there is no build, or a source is newer than it', () => {
    expect(rebuildReason({ builtAt: 0, sourcesAt: 1, recorded: undefined, wanted })).toBe('dist/site is missing');
    expect(rebuildReason({ builtAt: 10, sourcesAt: 11, recorded: wanted, wanted })).toBe('site sources changed');
  });

  it('builds when the environment asks for other build-time settings, naming them', () => {
    const recorded = buildSettingsOf({});
    expect(rebuildReason({ builtAt: 10, sourcesAt: 5, recorded, wanted })).toBe('build-time setting changed: SITE_URL');
    expect(rebuildReason({ builtAt: 10, sourcesAt: 5, recorded: undefined, wanted })).toBe('the build recorded no build-time settings');
    expect(rebuildReason({ builtAt: 10, sourcesAt: 5, recorded: wanted, wanted })).toBeUndefined();
  });
});
