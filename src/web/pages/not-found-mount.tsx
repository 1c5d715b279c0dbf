import { SiteHeader } from '../components/site-header';
import { mountPage } from './mount-page';

console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);

await mountPage({
  islands: { header: SiteHeader },
  renderPage: import.meta.env.DEV ? () => import('./not-found-page').then(({ NotFoundPage }) => <NotFoundPage />) : undefined,
});
