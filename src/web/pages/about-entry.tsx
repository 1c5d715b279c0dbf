import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { hydrateRoot } from 'react-dom/client';
import { AboutPage } from './about-page';

hydrateRoot(document.getElementById('root')!, <AboutPage />);
