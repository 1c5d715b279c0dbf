import type { ReactNode } from 'react';
import { routeById, type RouteId } from '../../../content/site';
import { SiteFooter } from './site-footer';
import { Island } from '../islands/island';
import { SiteHeader } from './site-header';
import { useSiteSettings } from '../site-settings';

interface PageShellProps {
  /** The page's route: the top bar marks its link as the current page. */
  route: RouteId;
  children: ReactNode;
}

/** Header, the page's main content and the footer: the frame every route shares. */
export function PageShell({ route, children }: PageShellProps) {
  const { kakaoChannelUrl } = useSiteSettings();
  const currentPath = routeById(route).path;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Only the phone menu button reacts: the header is an island (docs/decisions/060). */}
      <Island name="header" component={SiteHeader} props={{ currentPath, kakaoChannelUrl }} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
