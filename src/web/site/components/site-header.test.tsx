import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kakaoConsult } from '../../../content/layout';
import { IdeaFormSection } from '../features/idea-form/idea-form';
import { SiteHeader } from './site-header';

const channel = 'https://pf.kakao.com/_mvp24';
/** Including the phone menu's, which is hidden until opened. */
const kakaoLinks = () => screen.queryAllByRole('link', { name: new RegExp(kakaoConsult.label), hidden: true });

describe('KakaoTalk consultation link', () => {
  it('is in the top bar and the phone menu when the site has a channel, opening it in a new tab', () => {
    render(<SiteHeader currentPath="/" kakaoChannelUrl={channel} />);
    const links = kakaoLinks();
    expect(links).toHaveLength(2); // desktop bar and phone menu
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(channel);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.textContent).toContain(kakaoConsult.hint); // a screen reader hears where it goes
    }
    expect(
      within(document.getElementById('mobile-menu')!).getByRole('link', {
        name: new RegExp(kakaoConsult.label),
        hidden: true,
      }),
    ).toBeTruthy();
  });

  it('is beside the idea form when the site has a channel', () => {
    render(<IdeaFormSection kakaoChannelUrl={channel} />);
    expect(kakaoLinks().map((link) => link.getAttribute('href'))).toEqual([channel]);
  });

  it('is nowhere when the site has none', () => {
    render(
      <>
        <SiteHeader currentPath="/" />
        <IdeaFormSection />
      </>,
    );
    expect(kakaoLinks()).toEqual([]);
  });
});
