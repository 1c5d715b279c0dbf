import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../src/content/site';
import { developmentSiteSettings } from '../src/content/site';
import {
  buildSettingsOf,
  changedSettings,
  recordBuildSettings,
  recordedBuildSettings,
  siteSettingsOf,
} from './build-settings';

describe('build settings', () => {
  it('take SITE_URL, the verification codes, the site settings and every VITE_ variable from the environment', () => {
    const settings = buildSettingsOf({
      PATH: '/usr/bin',
      VITE_PUBLIC_API_KEY: 'pk',
      SITE_URL: ' https://mvp24.example ',
    });
    expect(settings).toMatchObject({
      SITE_URL: 'https://mvp24.example',
      NAVER_SITE_VERIFICATION: '',
      VITE_PUBLIC_API_KEY: 'pk',
    });
    expect(settings).not.toHaveProperty('PATH');
    expect(buildSettingsOf({}).SITE_URL).toBe(site.defaultUrl);
  });

  const agency = {
    SITE_URL: 'https://mvp24.kr',
    SITE_NEWSLETTER_URL: 'https://stibee.com/mvp24',
    SITE_HOMEPAGE_URL: 'https://mvp24.kr',
    SITE_OPERATOR_NAME: '주식회사 이십사',
    SITE_OPERATOR_REPRESENTATIVE: '김대표',
    SITE_PRIVACY_EMAIL: 'privacy@mvp24.kr',
    KAKAO_CHANNEL_URL: 'https://pf.kakao.com/_mvp24',
  };

  it("give the pages the agency's details, and the development defaults when none are set", () => {
    expect(siteSettingsOf(buildSettingsOf({}), false)).toEqual(developmentSiteSettings);
    expect(siteSettingsOf(buildSettingsOf(agency), true)).toEqual({
      links: { newsletter: agency.SITE_NEWSLETTER_URL, homepage: agency.SITE_HOMEPAGE_URL },
      operator: {
        name: agency.SITE_OPERATOR_NAME,
        representative: agency.SITE_OPERATOR_REPRESENTATIVE,
        contactEmail: agency.SITE_PRIVACY_EMAIL,
      },
      kakaoChannelUrl: agency.KAKAO_CHANNEL_URL,
    });
  });

  it('refuse, naming each variable, what is malformed, and in production the placeholders and plain http', () => {
    expect(() =>
      siteSettingsOf(buildSettingsOf({ SITE_PRIVACY_EMAIL: 'nobody', KAKAO_CHANNEL_URL: 'pf.kakao.com/x' }), false),
    ).toThrow(/KAKAO_CHANNEL_URL: must be an http\(s\):\/\/ URL[\s\S]*SITE_PRIVACY_EMAIL: must be an e-mail address/);
    const production = () => siteSettingsOf(buildSettingsOf({}), true);
    expect(production).toThrow(/SITE_URL: still the placeholder http:\/\/localhost:3000|SITE_URL: must be an https/);
    expect(production).toThrow(/SITE_NEWSLETTER_URL: still the placeholder/);
    expect(production).toThrow(/SITE_PRIVACY_EMAIL: still the placeholder privacy@example.com/);
    expect(() => siteSettingsOf(buildSettingsOf({ ...agency, SITE_HOMEPAGE_URL: 'http://mvp24.kr' }), true)).toThrow(
      /SITE_HOMEPAGE_URL: must be an https:\/\/ URL/,
    );
  });

  it('name each setting that differs, one side missing counting as empty', () => {
    const built = buildSettingsOf({ VITE_API_BASE_URL: 'https://a.example' });
    expect(changedSettings(built, buildSettingsOf({ VITE_API_BASE_URL: 'https://a.example' }))).toEqual([]);
    expect(changedSettings(built, buildSettingsOf({ SITE_URL: 'https://mvp24.example' }))).toEqual([
      'SITE_URL',
      'VITE_API_BASE_URL',
    ]);
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
    expect(rebuildReason({ builtAt: 10, sourcesAt: 5, recorded: undefined, wanted })).toBe(
      'the build recorded no build-time settings',
    );
    expect(rebuildReason({ builtAt: 10, sourcesAt: 5, recorded: wanted, wanted })).toBeUndefined();
  });
});
