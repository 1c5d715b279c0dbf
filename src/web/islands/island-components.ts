import type { ComponentType } from 'react';
import type { IslandName } from './island';

export type IslandLoader = () => Promise<ComponentType<any>>;

/**
 * Where the page code finds each island's component. Loaded on demand, so a page downloads only the islands its
 * HTML holds (every page has the header; only the home page has the portfolio, FAQ and idea form).
 */
export const islandComponents: Record<IslandName, IslandLoader> = {
  header: () => import('../components/site-header').then((module) => module.SiteHeader),
  portfolio: () => import('../components/portfolio/portfolio-section').then((module) => module.PortfolioSection),
  faq: () => import('../components/faq-section').then((module) => module.FaqSection),
  'idea-form': () => import('../features/idea-form/idea-form').then((module) => module.IdeaFormSection),
};
