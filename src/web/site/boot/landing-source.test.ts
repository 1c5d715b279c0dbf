import { describe, expect, it } from 'vitest';
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
