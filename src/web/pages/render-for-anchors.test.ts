import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_ALL_CLASS, renderAllBeforeAnchorJumps } from './render-for-anchors';

const rendersAll = () => document.documentElement.classList.contains(RENDER_ALL_CLASS);
const click = (selector: string) => document.querySelector(selector)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

describe('renderAllBeforeAnchorJumps', () => {
  afterEach(() => {
    document.documentElement.classList.remove(RENDER_ALL_CLASS);
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('renders everything before a click on a link to a fragment of this page jumps', () => {
    document.body.innerHTML = `
      <a id="other-page" href="/about">팀 소개</a>
      <a id="other-page-fragment" href="/about#team">팀</a>
      <a id="here" href="/#idea-form"><span id="label">아이디어 보내기</span></a>`;
    renderAllBeforeAnchorJumps();
    expect(rendersAll()).toBe(false);
    click('#other-page');
    click('#other-page-fragment');
    expect(rendersAll()).toBe(false);
    click('#label'); // inside the link
    expect(rendersAll()).toBe(true);
  });

  it('treats a relative fragment link as this page', () => {
    document.body.innerHTML = '<a id="jump" href="#portfolio">포트폴리오</a>';
    renderAllBeforeAnchorJumps();
    click('#jump');
    expect(rendersAll()).toBe(true);
  });

  it('renders everything at once when the page is opened with a fragment', () => {
    history.replaceState(null, '', '/#idea-form');
    renderAllBeforeAnchorJumps();
    expect(rendersAll()).toBe(true);
  });

  it('leaves deferred rendering alone for a page opened without a fragment', () => {
    history.replaceState(null, '', '/');
    renderAllBeforeAnchorJumps();
    expect(rendersAll()).toBe(false);
  });
});
