/** A 401 from any query or change signs the page out: the member and every screen's data are forgotten, with why. */
import { describe, expect, it, vi } from 'vitest';
import { TeamRequestError } from './client';
import { createWorkspaceQueryClient, ME_KEY, SIGNED_OUT_KEY } from './query-client';

const unauthorized = () => new TeamRequestError(401, 'unauthorized', '로그인이 필요해요.');

describe('the workspace query client', () => {
  it('forgets the member and the screens on a 401, noting an idle logout', async () => {
    const client = createWorkspaceQueryClient();
    client.setQueryData(ME_KEY, { id: 'm', email: 'a@example.com', role: 'owner' });
    client.setQueryData(['members'], { members: [] });
    await client
      .fetchQuery({
        queryKey: ['access-records'],
        queryFn: () => Promise.reject(unauthorized()),
        retry: false,
      })
      .catch(() => {});
    expect(client.getQueryData(ME_KEY)).toBeNull();
    expect(client.getQueryData(SIGNED_OUT_KEY)).toBe('idle');
    expect(client.getQueryData(['members'])).toBeUndefined();
  });

  it('clears the member and the lead on screen at the idle limit with no request, at once', async () => {
    vi.useFakeTimers();
    try {
      const client = createWorkspaceQueryClient();
      await client.fetchQuery({
        queryKey: ME_KEY,
        queryFn: async () => ({ id: 'm', email: 'a@example.com', role: 'owner', idleMs: 30 * 60_000 }),
        gcTime: Infinity,
      });
      await client.fetchQuery({
        queryKey: ['lead', 'x'],
        queryFn: async () => ({ email: 'visitor@example.com' }),
        // As a screen that shows it keeps it (an unobserved query would be collected on its own after 5 minutes).
        gcTime: Infinity,
      });
      vi.advanceTimersByTime(30 * 60_000 - 1);
      expect(client.getQueryData(['lead', 'x'])).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(client.getQueryData(ME_KEY)).toBeNull();
      expect(client.getQueryData(SIGNED_OUT_KEY)).toBe('idle');
      expect(client.getQueryData(['lead', 'x'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the session alone on other errors, and does not retry a 4xx', async () => {
    const client = createWorkspaceQueryClient();
    client.setQueryData(ME_KEY, { id: 'm', email: 'a@example.com', role: 'owner' });
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ['members'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(new TeamRequestError(403, 'forbidden', '대표만'));
        },
      })
      .catch(() => {});
    expect(calls).toBe(1);
    expect(client.getQueryData(ME_KEY)).toMatchObject({ email: 'a@example.com' });
  });
});
