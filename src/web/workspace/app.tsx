/**
 * The workspace app: who is signed in decides what shows. Signed out, every screen but the invite's is the
 * sign-in screen (the address stays, so the screen asked for shows once signed in); signed in, the frame and the
 * route table's screens (owners only where marked).
 */
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { workspaceShellCopy as copy } from '../../content/workspace-shell';
import { WorkspaceLayout } from './components/layout';
import { mayOpen, PUBLIC_PATHS, workspaceRoutes } from './routes';
import { InviteScreen } from './pages/invite';
import { NotFoundScreen } from './pages/not-found';
import { SignInScreen } from './pages/sign-in';
import { useMe } from './features/auth/session';

export function WorkspaceApp() {
  const me = useMe();
  if (me.isPending) return <p className="p-6 text-slate-600">{copy.loading}</p>;
  const member = me.data ?? null;
  return (
    <Switch>
      <Route path={PUBLIC_PATHS.invite}>
        <InviteScreen />
      </Route>
      <Route path={PUBLIC_PATHS.signIn}>{member ? <Redirect to="/" replace /> : <SignInScreen />}</Route>
      <Route>
        {member ? (
          <WorkspaceLayout me={member}>
            {/* A screen loaded on first use (the 현황 screen) shows the loading line meanwhile. */}
            <Suspense fallback={<p className="text-slate-600">{copy.loading}</p>}>
              <Switch>
                {workspaceRoutes
                  .filter((route) => mayOpen(route, member))
                  .map((route) => (
                    <Route key={route.path} path={route.path} component={route.screen} />
                  ))}
                <Route component={NotFoundScreen} />
              </Switch>
            </Suspense>
          </WorkspaceLayout>
        ) : (
          <SignInScreen />
        )}
      </Route>
    </Switch>
  );
}
