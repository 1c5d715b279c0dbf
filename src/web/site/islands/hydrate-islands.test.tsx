import { fireEvent, screen } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from './hydrate-islands';
import { Island } from './island';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** What the build writes: the page prerendered once, islands marked, static parts plain HTML. */
function prerender(page: ReactElement) {
  document.body.innerHTML = `<div id="root">${renderToString(page)}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hydrateIslands', () => {
  it('makes each island live with the props written into the HTML, reusing its nodes, and leaves the static parts alone', async () => {
    const root = prerender(
      <main>
        <h1>정적인 제목</h1>
        <Island name="header" component={Counter} props={{ label: '메뉴' }} />
        <Island name="faq" component={Counter} props={{ label: '질문' }} />
      </main>,
    );
    const heading = screen.getByRole('heading');
    const menu = screen.getByRole('button', { name: '메뉴 0' });

    const { count, hydrated } = hydrateIslands({ header: Counter, faq: Counter }, root);
    await hydrated;

    expect(count).toBe(2);
    expect(screen.getByRole('heading')).toBe(heading);
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('button', { name: '질문 0' }));
    fireEvent.click(screen.getByRole('button', { name: '질문 1' }));
    expect(screen.getByRole('button', { name: '메뉴 1' })).toBe(menu); // the prerendered node, now live
    expect(screen.getByRole('button', { name: '질문 2' })).toBeTruthy();
  });

  it('handles a tap that arrives before React has hydrated the island (selective hydration)', async () => {
    const root = prerender(<Island name="header" component={Counter} props={{ label: '메뉴' }} />);
    const { hydrated } = hydrateIslands({ header: Counter }, root);
    const settled = vi.fn();
    void hydrated.then(settled);

    // Hydration is still scheduled, not done: React hydrates the island for this click and then delivers it.
    expect(settled).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: '메뉴 0' });
    fireEvent.click(button);
    expect(button.textContent).toBe('메뉴 1');
    await hydrated;
    fireEvent.click(button);
    expect(button.textContent).toBe('메뉴 2');
  });

  it('fails loudly when the page code has no component for an island in the HTML', async () => {
    const root = prerender(<Island name="idea-form" component={Counter} props={{ label: '신청' }} />);
    expect(() => hydrateIslands({ header: Counter }, root)).toThrow('No component for island "idea-form"');
  });
});
