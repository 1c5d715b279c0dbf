import 'virtual:pretendard-site.css';
import '../styles/app.css';
import { mountPage } from './mount-page';
import { PrivacyPage } from './privacy-page';

mountPage(<PrivacyPage />);
