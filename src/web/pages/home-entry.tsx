import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { mountPage } from './mount-page';
import { HomePage } from './home-page';

mountPage(<HomePage />);
