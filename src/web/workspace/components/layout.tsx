/**
 * The signed-in frame: a skip link, the top bar (the member's email, the navigation from the route table,
 * sign-out), the live updates (web/workspace/features/live/) and the screen. Phone-sized first: the navigation wraps under
 * the title on narrow screens.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { TEAM_AUTH_PATHS, type MeAnswer } from '../../../domain/team-auth-api';
import { teamRequest } from '../api/client';
import { LiveUpdates } from '../features/live/live-updates';
import { ME_KEY, SIGNED_OUT_KEY } from '../api/query-client';
import { mayOpen, workspaceRoutes } from '../routes';

export function WorkspaceLayout({ me, children }: { me: MeAnswer; children: ReactNode }) {
  const client = useQueryClient();
  const [location] = useLocation();
  const signOut = useMutation({
    mutationFn: () => teamRequest<void>('POST', TEAM_AUTH_PATHS.signOut),
    onSettled: () => {
      // Forget every screen's data; `me` and the note stay (their observers keep showing the sign-in screen).
      client.removeQueries({
        predicate: (query) => query.queryKey[0] !== ME_KEY[0] && query.queryKey[0] !== SIGNED_OUT_KEY[0],
      });
      client.setQueryData(SIGNED_OUT_KEY, 'signed_out');
      client.setQueryData(ME_KEY, null);
    },
  });
  const nav = workspaceRoutes.filter((route) => route.nav && mayOpen(route, me));
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {copy.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <p className="text-base font-bold text-slate-900">
            {copy.siteName} <span className="font-medium text-slate-600">{copy.title}</span>
          </p>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="max-w-[12rem] truncate text-slate-700" title={copy.signedInAs(me.email)}>
              <span className="sr-only">{copy.signedInAs(me.email)}</span>
              <span aria-hidden="true">{me.email}</span>
            </span>
            <button
              type="button"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
              className="min-h-11 rounded-lg border border-slate-300 px-3 font-medium text-slate-800 hover:bg-slate-50"
            >
              {copy.signOut}
            </button>
          </div>
          <nav aria-label={copy.nav.label} className="w-full">
            <ul className="-mx-1 flex flex-wrap gap-1 text-sm">
              {nav.map((route) => {
                const current = route.path === '/' ? location === '/' : location.startsWith(route.path);
                return (
                  <li key={route.path}>
                    <Link
                      href={route.path}
                      aria-current={current ? 'page' : undefined}
                      className={`inline-flex min-h-11 items-center rounded-lg px-3 font-medium ${
                        current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                      }`}
                    >
                      {route.nav}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </header>
      <LiveUpdates me={me} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </>
  );
}
