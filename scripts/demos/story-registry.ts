/** Every demo story, one per portfolio item, keyed by slug. Built lazily: building renders every frame's markup. */
import type { Story } from './timeline';
import { badmintonLog } from './stories/badminton-log';

export const stories: Readonly<Record<string, () => Story>> = {
  'badminton-log': badmintonLog,
};
