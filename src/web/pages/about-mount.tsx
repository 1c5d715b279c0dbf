import { mountPage } from './mount-page';
import { AboutPage } from './about-page';

mountPage(<AboutPage />);
