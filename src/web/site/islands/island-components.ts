import type { ComponentType } from 'react';
import { FaqSection } from '../components/faq-section';
import { PortfolioSection } from '../components/portfolio/portfolio-section';
import { SiteHeader } from '../components/site-header';
import { IdeaFormSection } from '../features/idea-form/idea-form';
import type { IslandName } from './island';

/**
 * The component of each island, in the page code every route loads. One chunk for all four: loading each on demand
 * saved `/about` about 8 KB but cost `/` ten small requests, whose headers put it over its JavaScript budget
 * (decision 060). What an island opens on use (the demo dialog, the form's validation) still loads on demand.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own, read from the page's JSON
export const islandComponents: Record<IslandName, ComponentType<any>> = {
  header: SiteHeader,
  portfolio: PortfolioSection,
  faq: FaqSection,
  'idea-form': IdeaFormSection,
};
