import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { hydrateRoot } from 'react-dom/client';
import { HomePage } from './home-page';

hydrateRoot(document.getElementById('root')!, <HomePage />);
