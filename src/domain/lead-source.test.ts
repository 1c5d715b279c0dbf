import { describe, expect, it } from 'vitest';
import { keptParams, landingOf, referrerHost } from './landing';
import { leadSourceOf } from './lead-source';

describe('lead source', () => {
  it('keeps UTM and the Naver ad parameters that name the ad, never the search words or click ids', () => {
    expect(
      keptParams('?utm_source=naver&utm_medium=cpc&utm_campaign=봄&gclid=abc&fbclid=x&n_query=김철수&n_keyword=mvp'),
    ).toBe(
      new URLSearchParams({ utm_source: 'naver', utm_medium: 'cpc', utm_campaign: '봄', n_keyword: 'mvp' }).toString(),
    );
    expect(keptParams('?gclid=abc')).toBe('');
  });

  it('keeps a landing only when it says something: parameters or another site', () => {
    expect(landingOf('', 'https://example.kr/about', 'example.kr')).toBeNull();
    expect(landingOf('', '', 'example.kr')).toBeNull();
    expect(landingOf('', 'https://m.search.naver.com/search.naver?query=x', 'example.kr')).toEqual({
      params: '',
      referrer: 'm.search.naver.com',
    });
    expect(referrerHost('https://www.instagram.com/p/1')).toBe('instagram.com');
    expect(referrerHost('not a url')).toBe('');
  });

  it.each([
    [{ referrer: 'm.search.naver.com' }, 'search', 'naver'],
    [{ referrer: 'blog.naver.com' }, 'blog', 'naver_blog'],
    [{ referrer: 'www.google.co.kr' }, 'search', 'google'],
    [{ referrer: 'search.daum.net' }, 'search', 'daum'],
    [{ referrer: 'l.instagram.com' }, 'social', 'instagram'],
    [{ referrer: 't.co' }, 'social', 'x'],
    [{ referrer: 'l.threads.net' }, 'social', 'threads'],
    [{ referrer: 'someone.tistory.com' }, 'blog', 'tistory'],
    [{ referrer: 'partner.example.com' }, 'other', 'partner.example.com'],
    [{ params: 'utm_source=kakaotalk&utm_campaign=share' }, 'social', 'kakao'],
    [{ params: 'utm_source=instagram&utm_medium=paid-social&utm_campaign=autumn' }, 'social', 'instagram'],
    [{ params: 'utm_source=newsletter' }, 'other', 'newsletter'],
    [{ params: 'n_media=27758&n_keyword=MVP제작' }, 'search', 'naver'],
    [{}, 'direct', ''],
  ] as const)('%o is %s / %s', (landing, channel, source) => {
    const found = leadSourceOf(landing);
    expect([found.channel, found.source]).toEqual([channel, source]);
  });

  it('takes the campaign from utm_campaign, or the bought keyword of a Naver ad', () => {
    expect(leadSourceOf({ params: 'utm_source=instagram&utm_campaign=autumn' }).campaign).toBe('autumn');
    expect(leadSourceOf({ params: 'n_media=1&n_keyword=MVP제작' }).campaign).toBe('MVP제작');
  });

  it('says unknown, not direct, when the referrer could not be known (a form posted without the script)', () => {
    expect(leadSourceOf(null, { referrerKnown: false }).channel).toBe('unknown');
    expect(leadSourceOf({ params: 'utm_source=naver' }, { referrerKnown: false }).channel).toBe('search');
  });
});
