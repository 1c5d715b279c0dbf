import { describe, expect, it } from 'vitest';
import { visitStartOf } from '../../../domain/landing';
import { notedLanding, noteLanding } from './landing-source';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the landing noted for the visit', () => {
  it('keeps the campaign of the landing page through later pages of the same site', () => {
    const storage = memoryStorage();
    noteLanding(storage, { search: '?utm_source=instagram&utm_campaign=autumn&fbclid=x', hostname: 'mvp.kr' }, '');
    noteLanding(storage, { search: '', hostname: 'mvp.kr' }, 'https://mvp.kr/?utm_source=instagram');
    expect(notedLanding(storage)).toEqual({ params: 'utm_source=instagram&utm_campaign=autumn', referrer: '' });
  });

  it('keeps the referring site, and nothing for a visit typed in', () => {
    const storage = memoryStorage();
    noteLanding(storage, { search: '', hostname: 'mvp.kr' }, '');
    expect(notedLanding(storage)).toBeNull();
    noteLanding(storage, { search: '', hostname: 'mvp.kr' }, 'https://search.naver.com/search.naver?query=mvp');
    expect(notedLanding(storage)).toEqual({ params: '', referrer: 'search.naver.com' });
  });

  it('goes without when storage is refused', () => {
    const refusing = {
      setItem: () => {
        throw new Error('quota');
      },
      getItem: () => '{not json',
    };
    expect(() => noteLanding(refusing, { search: '?utm_source=x', hostname: 'mvp.kr' }, '')).not.toThrow();
    expect(notedLanding(refusing)).toBeNull();
  });
});

describe("a visit's first page view (the visit beacon's landing)", () => {
  it('begins a visit from another site or from nowhere, with what the landing kept', () => {
    expect(
      visitStartOf('?utm_source=instagram&utm_campaign=autumn&fbclid=x', 'https://l.instagram.com/', 'mvp.kr'),
    ).toEqual({ params: 'utm_source=instagram&utm_campaign=autumn', referrer: 'l.instagram.com' });
    // Typed in, a bookmark, an app that sends no referrer: a direct visit.
    expect(visitStartOf('', '', 'mvp.kr')).toEqual({ params: '', referrer: '' });
  });

  it('continues a visit from a page of the site, a reload or the back button', () => {
    expect(visitStartOf('?utm_source=x', 'https://www.mvp.kr/about', 'mvp.kr')).toBeNull();
    expect(visitStartOf('', 'https://search.naver.com/', 'mvp.kr', 'reload')).toBeNull();
    expect(visitStartOf('', '', 'mvp.kr', 'back_forward')).toBeNull();
  });
});
