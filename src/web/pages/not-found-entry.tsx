import '../styles/app.css';

// Imported by the inline boot script after first paint (docs/decisions/008); settles once the page module has called hydrateRoot.
import('virtual:pretendard-site.css').catch(console.error);
await import('./not-found-mount');
