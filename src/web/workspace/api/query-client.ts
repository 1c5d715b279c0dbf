/**
 * The workspace's TanStack Query client. A 401 from any query or change means the session ended (idle logout,
 * removal, sign-out elsewhere): the signed-in member is forgotten, which shows the sign-in screen with a note.
 * Requests are not retried on 4xx answers (they will not change by retrying).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized, TeamRequestError } from './client';

export const ME_KEY = ['me'] as const;
/** Why the sign-in screen shows: `idle` when a request found the session gone. */
export const SIGNED_OUT_KEY = ['signed-out-reason'] as const;

export function createWorkspaceQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error, []) }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof TeamRequestError && error.status < 500) && count < 2,
        refetchOnWindowFocus: true,
        staleTime: 15_000,
      },
    },
  });
  // At the idle limit the page forgets the lead on screen at once, as the server forgets the session: the limit
  // (`idleMs` in the member's answer) counts from the last answer the server gave, which is what kept it alive.
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const restartIdleClock = () => {
    const idleMs = (client.getQueryData(ME_KEY) as { idleMs?: number } | null | undefined)?.idleMs;
    if (idleTimer) clearTimeout(idleTimer);
    if (idleMs) idleTimer = setTimeout(() => signOut(), idleMs);
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') restartIdleClock();
  });
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') restartIdleClock();
  });
  function onError(error: unknown, key: readonly unknown[]) {
    if (!isUnauthorized(error)) return;
    signOut(key);
  }
  function signOut(key: readonly unknown[] = []) {
    if (idleTimer) clearTimeout(idleTimer);
    const wasSignedIn = client.getQueryData(ME_KEY) != null;
    if (wasSignedIn || key[0] !== ME_KEY[0]) client.setQueryData(SIGNED_OUT_KEY, 'idle');
    client.setQueryData(ME_KEY, null);
    // Nothing a signed-out page should keep: every other query's data goes.
    client.removeQueries({
      predicate: (query) => query.queryKey[0] !== ME_KEY[0] && query.queryKey[0] !== SIGNED_OUT_KEY[0],
    });
  }
  return client;
}
