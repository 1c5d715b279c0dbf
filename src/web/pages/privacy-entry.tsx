import '../styles/app.css';
import { loadSiteFont } from './load-site-font';

// Imported by the inline boot script after first paint (docs/decisions/008); settles once the page module has called hydrateRoot.
loadSiteFont().catch(console.error);
await import('./privacy-mount');
