import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { mountPage } from './mount-page';
import { NotFoundPage } from './not-found-page';

mountPage(<NotFoundPage />);
