/**
 * What the press needs (the submission and notice code) loads as soon as the visitor has started on the form, also
 * when that start was before the page code arrived: the island hydrates over fields that already hold text.
 * A form nobody touched loads nothing (the page's initial JS stays as it is).
 */
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdeaFormSection } from './idea-form';

const loaded = vi.hoisted(() => ({ submission: false, notice: false }));
vi.mock('./submission', async (importOriginal) => {
  loaded.submission = true;
  return importOriginal();
});
vi.mock('./idea-notice', async (importOriginal) => {
  loaded.notice = true;
  return importOriginal();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

async function hydrateAfter(typeBeforeCode: (container: HTMLElement) => void) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ token: 't' })),
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(<IdeaFormSection />);
  document.body.append(container);
  typeBeforeCode(container);
  await act(async () => {
    root = hydrateRoot(container, <IdeaFormSection />);
  });
  // The imports are started in an effect; let them settle.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('IdeaFormSection hydrating', () => {
  it('loads the submission and notice code at once when the fields already hold what was typed before the code came', async () => {
    await hydrateAfter(() => {});
    expect(loaded).toEqual({ submission: false, notice: false }); // untouched: nothing extra
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';

    await hydrateAfter((container) => {
      container.querySelector<HTMLInputElement>('input[name="name"]')!.value = '김민지';
    });
    await vi.waitFor(() => expect(loaded).toEqual({ submission: true, notice: true }));
  });
});
