import '../styles/app.css';
import { loadPageAfterFirstPaint } from './load-page';

// Only the stylesheet comes before first paint; font and page code follow it (docs/decisions/007).
loadPageAfterFirstPaint(
  () => import('virtual:pretendard-site.css'),
  () => import('./not-found-mount'),
);
