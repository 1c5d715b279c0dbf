/**
 * The agency's own details (links, operator, KakaoTalk channel) as the build was configured (build/build-settings.ts),
 * for the static parts of a page: the prerender provides them, components read them. Islands hydrate without the
 * provider, so an island that needs a setting gets it as a prop the prerender writes into the HTML.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { developmentSiteSettings, type SiteSettings } from '../../content/site';

const SiteSettingsContext = createContext<SiteSettings>(developmentSiteSettings);

export function SiteSettingsProvider({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  return <SiteSettingsContext.Provider value={settings}>{children}</SiteSettingsContext.Provider>;
}

export const useSiteSettings = () => useContext(SiteSettingsContext);
