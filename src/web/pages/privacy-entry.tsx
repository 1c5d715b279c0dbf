import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { hydrateRoot } from 'react-dom/client';
import { PrivacyPage } from './privacy-page';

hydrateRoot(document.getElementById('root')!, <PrivacyPage />);
