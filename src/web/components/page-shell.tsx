import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { Island } from '../islands/island';
import { SiteHeader } from './site-header';
import { useSiteSettings } from '../site-settings';

interface PageShellProps {
  currentPath: string | null;
  children: ReactNode;
}

/** Header, the page's main content and the footer: the frame every route shares. */
export function PageShell({ currentPath, children }: PageShellProps) {
  const { kakaoChannelUrl } = useSiteSettings();
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
