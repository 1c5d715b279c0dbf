import { FaqSection } from '../components/faq-section';
import { PortfolioSection } from '../components/portfolio/portfolio-section';
import { SiteHeader } from '../components/site-header';
import { IdeaFormSection } from '../features/idea-form/idea-form';
import { mountPage } from './mount-page';

await mountPage({
  islands: { header: SiteHeader, portfolio: PortfolioSection, faq: FaqSection, 'idea-form': IdeaFormSection },
  renderPage: import.meta.env.DEV ? () => import('./home-page').then(({ HomePage }) => <HomePage />) : undefined,
});
