import '../styles/app.css';
import { loadSiteFont } from './load-site-font';

// Imported by the inline boot script after first paint (docs/decisions/008); settles once the page's islands are live.
/** Settles once the site font is in use (or has failed); the boot script then renders the deferred sections (038). */
export const siteFontSettled = loadSiteFont().then(() => undefined, console.error);
await import('./about-mount');
