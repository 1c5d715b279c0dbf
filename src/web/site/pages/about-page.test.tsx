/**
 * /about lays out only its first phone screen in the first layout (decision 080): in a trace of the page on a
 * throttled phone the first layout of the whole page (every card, in the fallback font) was the long task no script
 * was blamed for. The sections below the mission render later, like the home page's (decision 060).
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { about } from '../../../content/about';
import { RENDER_LATER } from '../boot/render-later';
import AboutPage from './about-page';

const deferred = (element: Element | null) => !!element?.closest(`[${RENDER_LATER}]`);

describe('/about', () => {
  it('renders its first screen (heading, lead, mission) at once and the sections below it later', () => {
    const { container } = render(<AboutPage />);
    expect(deferred(container.querySelector('h1'))).toBe(false);
    expect(deferred(document.getElementById('mission-title'))).toBe(false);
    for (const id of ['profiles-title', 'values-title', 'newsletter-title'])
      expect(deferred(document.getElementById(id)), id).toBe(true);
    expect(container.textContent).toContain(about.newsletter.title); // deferred, not left out
  });
});
