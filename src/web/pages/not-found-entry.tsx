import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { hydrateRoot } from 'react-dom/client';
import { NotFoundPage } from './not-found-page';

hydrateRoot(document.getElementById('root')!, <NotFoundPage />);
