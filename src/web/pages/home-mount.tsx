import { mountPage } from './mount-page';
import { HomePage } from './home-page';

mountPage(<HomePage />);
