import { mountPage } from './mount-page';
import { PrivacyPage } from './privacy-page';

mountPage(<PrivacyPage />);
