import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { mountPage } from './mount-page';
import { AboutPage } from './about-page';

mountPage(<AboutPage />);
