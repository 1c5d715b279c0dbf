import { fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { useState, type ReactElement } from 'react';
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

const order: string[] = [];
function Recorder({ name }: { name: string }) {
  order.push(name);
  return <p>{name}</p>;
}

/** What the build writes: the page prerendered once, islands marked, static parts plain HTML. */
function prerender(page: ReactElement) {
  document.body.innerHTML = `<div id="root">${renderToString(page as unknown as Parameters<typeof renderToString>[0])}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  order.length = 0;
});

describe('hydrateIslands', () => {
  it('makes each island live with the props written into the HTML, and leaves the static parts as they were', async () => {
    const root = prerender(
      <main>
        <h1>정적인 제목</h1>
        <Island name="header" component={Counter} props={{ label: '메뉴' }} />
        <Island name="faq" component={Counter} props={{ label: '질문' }} />
      </main>,
    );
    const heading = screen.getByRole('heading');
    const firstButton = screen.getByRole('button', { name: '메뉴 0' });

    expect(hydrateIslands({ header: Counter, faq: Counter }, root)).toBe(2);

    // Hydration reuses the prerendered nodes instead of rendering new ones.
    expect(screen.getByRole('heading')).toBe(heading);
    expect(screen.getByRole('button', { name: '메뉴 0' })).toBe(firstButton);
    fireEvent.click(firstButton);
    fireEvent.click(screen.getByRole('button', { name: '질문 0' }));
    fireEvent.click(screen.getByRole('button', { name: '질문 1' }));
    expect(screen.getByRole('button', { name: '메뉴 1' })).toBe(firstButton);
    expect(screen.getByRole('button', { name: '질문 2' })).toBeTruthy();
  });

  it('hydrates nothing at load: each island waits for its own first event', async () => {
    const root = prerender(
      <>
        <Island name="header" component={Recorder} props={{ name: 'header' }} />
        <Island name="portfolio" component={Recorder} props={{ name: 'portfolio' }} />
      </>,
    );
    order.length = 0;
    hydrateIslands({ header: Recorder, portfolio: Recorder }, root);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    fireEvent.pointerOver(screen.getByText('portfolio'));
    expect(order).toEqual(['portfolio']);
  });

  it('wakes an interaction island at the first event inside it, in time for that event, and only once', async () => {
    const focused = vi.fn();
    function Focusable() {
      return <input aria-label="이름" onFocus={focused} />;
    }
    const root = prerender(
      <>
        <Island name="header" component={Counter} props={{ label: '메뉴' }} hydrate="interaction" />
        <Island name="faq" component={Focusable} props={{}} hydrate="interaction" />
      </>,
    );
    hydrateIslands({ header: Counter, faq: Focusable }, root);

    // Not hydrated yet: a state change is the proof that the very first click was handled.
    const button = screen.getByRole('button', { name: '메뉴 0' });
    fireEvent.click(button);
    expect(button.textContent).toBe('메뉴 1');
    fireEvent.click(button);
    expect(button.textContent).toBe('메뉴 2'); // the same island, not hydrated a second time

    // Focus (which does not bubble) wakes an island through the capture phase too.
    screen.getByRole('textbox', { name: '이름' }).focus();
    expect(focused).toHaveBeenCalledOnce();
  });

  it('wakes a visible island when its content comes near the viewport, or at an earlier interaction', async () => {
    const observed: Element[] = [];
    let disconnected = 0;
    const reports: ((isIntersecting: boolean) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit) {
          expect(options.rootMargin).toBe('200px');
          reports.push((isIntersecting) => callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
        }
        observe(target: Element) {
          observed.push(target);
        }
        disconnect() {
          disconnected += 1;
        }
      },
    );
    const root = prerender(
      <>
        <Island name="idea-form" component={Recorder} props={{ name: 'form' }} hydrate="visible" />
        <Island name="faq" component={Counter} props={{ label: '질문' }} hydrate="visible" />
      </>,
    );
    order.length = 0;
    hydrateIslands({ 'idea-form': Recorder, faq: Counter }, root);
    // The wrapper is display: contents, so the island's first element is what is watched.
    expect(observed.map((element) => element.tagName)).toEqual(['P', 'BUTTON']);
    expect(order).toEqual([]);

    // The second island was reached by an interaction first: hydrated in time for it.
    const button = screen.getByRole('button', { name: '질문 0' });
    fireEvent.click(button);
    expect(button.textContent).toBe('질문 1');
    expect(disconnected).toBe(1); // the FAQ's observer stops watching once it woke

    const [formComesNear, faqComesNear] = reports;
    formComesNear!(false);
    expect(order).toEqual([]);
    formComesNear!(true);
    expect(order).toEqual(['form']);
    expect(disconnected).toBe(2);
    formComesNear!(true);
    expect(order).toEqual(['form']); // hydrated once
    faqComesNear!(true); // already awake through the click: not hydrated a second time
    fireEvent.click(button);
    expect(button.textContent).toBe('질문 2');
  });

  it('fails loudly when the page code has no component for an island in the HTML', async () => {
    const root = prerender(<Island name="idea-form" component={Recorder} props={{ name: 'form' }} />);
    expect(() => hydrateIslands({ header: Recorder }, root)).toThrow('No component for island "idea-form"');
  });
});
