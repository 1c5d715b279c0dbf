import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadedOrLazy } from './loaded-or-lazy';

const Greeting = ({ name }: { name: string }) => <p>안녕하세요 {name}</p>;

describe('loadedOrLazy', () => {
  it('renders in the same commit, without suspending, once its code has loaded', async () => {
    const { load, Component } = loadedOrLazy(() => Promise.resolve({ default: Greeting }));
    await load();
    // No act(): a lazy component would suspend here and show the fallback until React retried.
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="민지" />
      </Suspense>,
    );
    expect(screen.getByText('안녕하세요 민지')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy while its code is not there, and imports it once', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
    const importModule = vi.fn(() => new Promise<{ default: typeof Greeting }>((r) => (resolve = r)));
    const { load, Component } = loadedOrLazy(importModule);
    void load();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="가온" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('안녕하세요 가온')).toBeTruthy();
    void load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('tries the import again after a failed one', async () => {
    const importModule = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Greeting });
    const { load } = loadedOrLazy(importModule);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toEqual({ default: Greeting });
  });
});
