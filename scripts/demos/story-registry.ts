/** Every demo story, one per portfolio item, keyed by slug. Built lazily: building renders every frame's markup. */
import { badmintonLog } from './stories/badminton-log';
import { collegeTransfer } from './stories/college-transfer';
import { marketingCrawler } from './stories/marketing-crawler';
import { travelSocial } from './stories/travel-social';
import type { Story } from './timeline';

export const stories: Readonly<Record<string, () => Story>> = {
  'badminton-log': badmintonLog,
  'college-transfer': collegeTransfer,
  'marketing-crawler': marketingCrawler,
  'travel-social': travelSocial,
};
