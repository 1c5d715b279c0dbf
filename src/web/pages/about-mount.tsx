import { SiteHeader } from '../components/site-header';
import { mountPage } from './mount-page';

await mountPage({
  islands: { header: SiteHeader },
  renderPage: import.meta.env.DEV ? () => import('./about-page').then(({ AboutPage }) => <AboutPage />) : undefined,
});
