import '../styles/app.css';
import { startPage } from './start-page';

// Imported by the inline boot script after first paint (docs/decisions/008); settles once the page is live.
await startPage(() => import('./home-mount'));
