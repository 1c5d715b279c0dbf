import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClick } from './early-click';

function page() {
  document.body.innerHTML = `
    <div id="root">
      <form action="/nowhere"><button type="submit" id="send">보내기</button></form>
      <button type="button" id="menu"><span id="icon">≡</span></button>
      <a href="#faq" id="link">FAQ</a>
    </div>
    <button type="button" id="outside">밖</button>`;
  return document.getElementById('root')!;
}

describe('holdEarlyClick', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('holds a click on a button (also on its icon) and clicks the button again on release', () => {
    const root = page();
    const release = holdEarlyClick(root);
    const icon = document.getElementById('icon')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    icon.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);

    const replayed = vi.fn();
    document.getElementById('menu')!.addEventListener('click', replayed);
    release();
    expect(replayed).toHaveBeenCalledTimes(1);
  });

  it('leaves submit buttons, links and buttons outside the root alone (they work without the code), and replays nothing then', () => {
    const root = page();
    const release = holdEarlyClick(root);
    for (const id of ['send', 'link', 'outside']) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    const replayed = vi.fn();
    document.addEventListener('click', replayed);
    release();
    expect(replayed).not.toHaveBeenCalled();
    document.removeEventListener('click', replayed);
  });

  it('stops holding after release: later clicks are left to React', () => {
    const root = page();
    const release = holdEarlyClick(root);
    release();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('menu')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    const replayed = vi.fn();
    document.getElementById('menu')!.addEventListener('click', replayed);
    release();
    expect(replayed).not.toHaveBeenCalled();
  });

  it('does not click a button that is gone by the time the code arrives', () => {
    const root = page();
    const release = holdEarlyClick(root);
    const menu = document.getElementById('menu')!;
    menu.click();
    const replayed = vi.fn();
    menu.addEventListener('click', replayed);
    menu.remove();
    release();
    expect(replayed).not.toHaveBeenCalled();
  });
});
