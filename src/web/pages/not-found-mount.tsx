import { mountPage } from './mount-page';
import { NotFoundPage } from './not-found-page';

mountPage(<NotFoundPage />);
